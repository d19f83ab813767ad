//! Telling apart cards of one owner that share a name: two of the AI's Fighter Wasps in play
//! are "Fighter Wasp #1" and "Fighter Wasp #2" on the table, on the buttons and in the log.
use super::words::card_name;
use crate::ids::CardRef;
use crate::state::{State, Zone};

/// Cards every player sees: ships, assets and upgrades in play.
pub fn public(z: Zone) -> bool {
    matches!(z, Zone::Ship | Zone::Asset | Zone::Upgrade)
}

/// The number telling a card in play from its owner's other cards of the same name in play:
/// 1, 2, … in the order of the cards (the order of its owner's deck list), `None` when it is
/// its owner's only one. The table shows it on the card ("Wasp #2") and every label names it.
/// When one of them leaves play, the numbers of the others close up.
pub fn copy_number(s: &State, r: CardRef) -> Option<usize> {
    let me = s.get(r).filter(|c| public(c.zone))?;
    let name = card_name(s, r);
    let same: Vec<usize> = s
        .refs()
        .filter(|(x, c)| c.owner == me.owner && public(c.zone) && card_name(s, *x) == name)
        .map(|(x, _)| x.0 as usize)
        .collect();
    if same.len() < 2 {
        return None;
    }
    same.iter().position(|&i| i == r.0 as usize).map(|k| k + 1)
}

/// The name a card shows on the table: its card name and, when its owner has another of that
/// name in play, its number ("Wasp #2").
pub fn table_name(s: &State, r: CardRef) -> String {
    let name = &s.card_of(r).name;
    match copy_number(s, r) {
        Some(k) => format!("{name} #{k}"),
        None => name.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::labels::command_label;
    use crate::client::words::Names;
    use crate::ids::PlayerId;
    use crate::rules::{self, Command};

    fn game() -> State {
        use crate::data::{CardDb, Deck};
        use std::path::Path;
        let db = CardDb::load_dir(Path::new("cards")).expect("cards");
        let deck = |f: &str| Deck::load(Path::new(f), &db).expect(f);
        let decks = vec![deck("decks/vanguard.yaml"), deck("decks/bastion.yaml")];
        rules::new_game(std::sync::Arc::new(db), &decks, 2).0
    }

    /// Puts `owner`'s cards named `name` (in deck order, at most `n`) into orbital 0 of their
    /// homeworld as ships.
    fn launch(st: &mut State, owner: PlayerId, name: &str, n: usize) -> Vec<CardRef> {
        let home = st
            .refs()
            .find(|(_, c)| c.owner == owner && c.zone == Zone::Asset)
            .map(|(r, _)| r)
            .expect("homeworld");
        let picked: Vec<CardRef> = st
            .refs()
            .filter(|(r, c)| c.owner == owner && st.card_of(*r).name == name)
            .map(|(r, _)| r)
            .take(n)
            .collect();
        for &r in &picked {
            st.set_zone(r, Zone::Ship);
            st.set_host(r, home.0);
            st.inst_mut(r).orbital = 0;
        }
        picked
    }

    fn names() -> Names {
        Names {
            seats: vec!["You".into(), "AI".into()],
            you: Some(PlayerId(0)),
        }
    }

    #[test]
    fn two_enemy_ships_of_one_name_get_numbers_on_the_table_and_in_labels() {
        let mut st = game();
        let wasps = launch(&mut st, PlayerId(1), "Wasp", 2);
        assert_eq!(wasps.len(), 2, "Bastion has two Wasps");
        assert_eq!(copy_number(&st, wasps[0]), Some(1));
        assert_eq!(copy_number(&st, wasps[1]), Some(2));
        assert_eq!(table_name(&st, wasps[1]), "Wasp #2");
        let n = names();
        let (a, b) = (n.card(&st, wasps[0]), n.card(&st, wasps[1]));
        assert_ne!(a, b);
        assert!(
            a.ends_with("Wasp #1") && b.ends_with("Wasp #2"),
            "{a} / {b}"
        );
        // The attack buttons differ too.
        let attack = |t| Command::Combat {
            ship: CardRef(0),
            target: t,
            x: 1,
        };
        let (la, lb) = (
            command_label(&st, &n, &attack(wasps[0])),
            command_label(&st, &n, &attack(wasps[1])),
        );
        assert_ne!(la, lb);
        assert!(lb.contains("Wasp #2"), "{lb}");
    }

    #[test]
    fn a_lone_ship_and_cards_out_of_play_have_no_number() {
        let mut st = game();
        let wasps = launch(&mut st, PlayerId(1), "Wasp", 1);
        assert_eq!(copy_number(&st, wasps[0]), None);
        assert_eq!(table_name(&st, wasps[0]), "Wasp");
        // The other Wasp, still in the deck or hand, counts for nothing.
        let other = st
            .refs()
            .find(|(r, c)| {
                *r != wasps[0] && c.owner == PlayerId(1) && st.card_of(*r).name == "Wasp"
            })
            .map(|(r, _)| r)
            .expect("a second Wasp");
        assert_eq!(copy_number(&st, other), None);
    }

    #[test]
    fn the_same_name_on_both_sides_takes_owners_and_numbers_stay_per_owner() {
        let mut st = game();
        let theirs = launch(&mut st, PlayerId(1), "Wasp", 2);
        let mine = launch(&mut st, PlayerId(0), "Wasp", 1);
        assert_eq!(mine.len(), 1, "Vanguard has a Wasp");
        let n = names();
        assert_eq!(copy_number(&st, mine[0]), None);
        assert!(n.card(&st, mine[0]).starts_with("your "));
        assert_eq!(n.card(&st, theirs[0]), "AI's Fighter Wasp #1");
    }

    #[test]
    fn when_one_leaves_play_the_other_loses_its_number() {
        let mut st = game();
        let wasps = launch(&mut st, PlayerId(1), "Wasp", 2);
        st.set_zone(wasps[0], Zone::Debris);
        assert_eq!(copy_number(&st, wasps[1]), None);
        assert_eq!(copy_number(&st, wasps[0]), None);
    }

    /// A ship destroyed by the command being told keeps its owner in the log's words while a
    /// ship of the same name of the other side is in play ("fires at your Fighter Wasp").
    #[test]
    fn a_destroyed_ship_keeps_its_owner_while_a_namesake_is_in_play() {
        let mut st = game();
        let theirs = launch(&mut st, PlayerId(1), "Wasp", 1);
        let mine = launch(&mut st, PlayerId(0), "Wasp", 1);
        st.set_zone(mine[0], Zone::Debris);
        let n = names();
        assert_eq!(n.card(&st, mine[0]), "your Fighter Wasp");
        // The AI's Wasp has no namesake in play any more: its name stands alone.
        assert_eq!(n.card(&st, theirs[0]), "Fighter Wasp");
    }
}
