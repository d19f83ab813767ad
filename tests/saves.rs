//! Saves, loads, undo and redo through the kit's session, for every game: a game saved at a
//! random point, loaded and continued with the same commands ends exactly as the game played
//! without a break (final position and every event, dice included); undo then redo gives the
//! same position; a save whose writing fails half way leaves the previous save loadable.
use orbitals::agent::AgentSpec;
use orbitals::data::{CardDb, Deck};
use orbitals::kit::save::{write_atomic, write_atomic_with};
use orbitals::kit::series::{mix, Table};
use orbitals::kit::session::{Seat, Session};
use orbitals::kit::Ruleset;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("orbitals-saves-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Every command's events, in order, as text (the setup's are left out: a fresh game here
/// starts from a table, a loaded one from its file, which tells its setup).
fn events<R: Ruleset>(s: &Session<R>) -> Vec<String> {
    s.history()
        .iter()
        .skip(1)
        .map(|h| format!("{:?}", h.events))
        .collect()
}

/// Game `index` of `table` with every seat a person, its commands chosen by random agents.
fn fresh<R: Ruleset, T: Table<R>>(table: &T, index: u32) -> Session<R> {
    let sides: Vec<usize> = (0..table.seats()).collect();
    let start = table.start(index, &sides, mix(index as u64)).unwrap();
    let seats = vec![Seat::Human; table.seats()];
    Session::new(
        start.state,
        start.labels,
        Some(start.scenario),
        Vec::new(),
        seats,
        1,
        true,
    )
}

/// Plays `games` games of `table` with random commands (at most `cap` each); each is saved
/// at a random point, loaded and continued. Returns how many could undo at their end.
fn save_load_continue<R: Ruleset, T: Table<R>>(table: &T, games: u32, cap: usize) -> u32 {
    let dir = temp_dir(R::NAME);
    let mut undone = 0;
    for index in 0..games {
        let mut full = fresh(table, index);
        let mut agent = AgentSpec::Random.for_ruleset::<R>(mix(index as u64 + 99));
        let mut commands = Vec::new();
        while !full.over() && commands.len() < cap {
            let c = agent.choose(full.state());
            full.submit(c).unwrap();
            commands.push(c);
        }
        let cut = (mix(index as u64 ^ 0xabc) % (commands.len() as u64 + 1)) as usize;
        let mut part = fresh(table, index);
        for &c in &commands[..cut] {
            part.submit(c).unwrap();
        }
        let path = dir.join(format!("game-{index}.yaml"));
        write_atomic(&path, &part.save_yaml(None).unwrap()).unwrap();
        let mut loaded = Session::<R>::load(&path, None, true)
            .unwrap_or_else(|e| panic!("{} game {index} cut at {cut}: {e}", R::NAME));
        assert_eq!(loaded.seats(), part.seats());
        assert_eq!(
            loaded.state().view(loaded.labels()),
            part.state().view(part.labels())
        );
        for &c in &commands[cut..] {
            loaded
                .submit(c)
                .unwrap_or_else(|e| panic!("{} game {index}: {e}", R::NAME));
        }
        let at = |s: &Session<R>| s.state().view(s.labels());
        assert_eq!(
            at(&loaded),
            at(&full),
            "{} game {index} cut at {cut}",
            R::NAME
        );
        assert!(
            events(&loaded) == events(&full),
            "{} game {index}: events differ",
            R::NAME
        );
        if loaded.can_undo() {
            let (view, evs) = (at(&loaded), events(&loaded));
            assert!(loaded.undo());
            assert!(loaded.redo());
            assert_eq!(at(&loaded), view);
            assert_eq!(events(&loaded), evs);
            undone += 1;
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    undone
}

fn deck_table() -> orbitals::scenario::table::DeckTable {
    let cards = root().join("cards");
    let db = Arc::new(CardDb::load_dir(&cards).unwrap());
    let deck = |n: &str| Deck::load(&root().join("decks").join(n), &db).unwrap();
    orbitals::scenario::table::DeckTable {
        decks: [deck("vanguard.yaml"), deck("bastion.yaml")],
        db,
        turn_limit: 30,
        swap_decks: false,
        mirror: Vec::new(),
        cross: Vec::new(),
        cards,
    }
}

#[test]
fn card_games_saved_at_random_points_continue_identically() {
    let undone = save_load_continue(&deck_table(), 400, 300);
    assert!(undone > 0);
}

#[test]
fn globetrotter_games_saved_at_random_points_continue_identically() {
    // Every Globetrotter turn is one action: with people in every seat, the last command
    // always handed the turn on, so undo is never open here (the session's tests cover it).
    let table = orbitals::globetrotter::series::GlobeTable(Default::default());
    save_load_continue(&table, 400, 300);
}

#[test]
fn mothership_games_saved_at_random_points_continue_identically() {
    let table = orbitals::mothership::series::MothershipTable { players: 2 };
    save_load_continue(&table, 100, 200);
}

#[test]
fn rover_games_saved_at_random_points_continue_identically() {
    save_load_continue(&orbitals::rover::series::RoverTable::Generated, 100, 200);
}

#[test]
fn a_save_killed_half_way_leaves_the_previous_save_loadable() {
    let dir = temp_dir("killed");
    let path = dir.join("autosave.yaml");
    let table = orbitals::globetrotter::series::GlobeTable(Default::default());
    let mut s = fresh(&table, 3);
    s.autosave = Some(path.clone());
    let mut agent = AgentSpec::Random.for_ruleset::<orbitals::globetrotter::State>(5);
    for _ in 0..10 {
        let c = agent.choose(s.state());
        s.submit(c).unwrap();
    }
    assert!(s.save_error().is_none());
    let saved = s.state().view(&());
    let c = agent.choose(s.state());
    s.submit(c).unwrap();
    let next = s.save_yaml(None).unwrap();
    // The next save dies after a few bytes, as a kill or a full disk would stop it.
    let r = write_atomic_with(&path, &next, |f, bytes| {
        f.write_all(&bytes[..bytes.len() / 3])?;
        Err(std::io::Error::other("killed"))
    });
    assert!(r.is_err());
    let back = Session::<orbitals::globetrotter::State>::load(&path, None, true).unwrap();
    // The autosave already held the eleventh command: the killed write changed nothing.
    assert_eq!(back.state().view(&()), s.state().view(&()));
    assert_ne!(back.state().view(&()), saved);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn named_saves_keep_their_name_turn_and_sides() {
    let dir = temp_dir("named");
    let table = deck_table();
    let mut s = fresh(&table, 1);
    s.sides = vec!["Vanguard".into(), "Bastion".into()];
    let mut agent = AgentSpec::Random.for_ruleset::<orbitals::state::State>(2);
    for _ in 0..40 {
        if s.over() {
            break;
        }
        let c = agent.choose(s.state());
        s.submit(c).unwrap();
    }
    let path = dir.join(orbitals::kit::save::file_name_for("Before the attack"));
    s.save_as(&path, "Before the attack").unwrap();
    let listed = orbitals::kit::save::list_dir(&dir);
    let info = listed[0].as_ref().unwrap().save.clone().unwrap();
    assert_eq!(info.name.as_deref(), Some("Before the attack"));
    assert_eq!(info.sides, vec!["Vanguard", "Bastion"]);
    use orbitals::agent::game::Game;
    assert_eq!(info.turn, s.state().turn().max(1));
    let back = Session::<orbitals::state::State>::load(&path, None, true).unwrap();
    assert_eq!(back.sides, s.sides);
    std::fs::remove_dir_all(&dir).ok();
}
