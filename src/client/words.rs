//! Events in plain words for the event log, e.g. "Corvette Kestrel fires 3 shots at Frigate
//! Anvil: 2, 5, 1 — 2 hits".
//!
//! Hidden information (O26) is kept out of public lines: a card drawn or a project started is
//! named only in a line private to its owner.
use super::copies::{copy_number, public};
use crate::data::CardKind;
use crate::ids::{CardRef, PlayerId};
use crate::rules::{Event, LossReason};
use crate::state::{Outcome, State, Zone};

/// How players are called in the log.
#[derive(Clone, Debug)]
pub struct Names {
    pub seats: Vec<String>,
    /// The seat called "you" (vs-AI games), which takes verbs without "s".
    pub you: Option<PlayerId>,
}

impl Names {
    pub fn player(&self, p: PlayerId) -> String {
        if self.you == Some(p) {
            "You".into()
        } else {
            self.seats
                .get(p.index())
                .cloned()
                .unwrap_or_else(|| format!("Player {}", p.0 + 1))
        }
    }
    /// "Your" / "AI's".
    pub fn possessive(&self, p: PlayerId) -> String {
        if self.you == Some(p) {
            "Your".into()
        } else {
            format!("{}'s", self.player(p))
        }
    }
    /// "you draw" / "AI draws", for the middle of a sentence.
    pub fn says_mid(&self, p: PlayerId, you_verb: &str, verb: &str) -> String {
        if self.you == Some(p) {
            format!("you {you_verb}")
        } else {
            self.says(p, you_verb, verb)
        }
    }
    /// A card's name, with its owner in front ("your Terra", "AI's Terra") when a card of
    /// another player in play has the same name, and its number ("Fighter Wasp #2", as on the
    /// table) when its owner has more than one of that name in play, so that each can be told
    /// apart.
    pub fn card(&self, s: &State, r: CardRef) -> String {
        let base = card_name(s, r);
        let Some(me) = s.get(r) else {
            return base;
        };
        let name = match copy_number(s, r) {
            Some(k) => format!("{base} #{k}"),
            None => base.clone(),
        };
        // A ship destroyed by the command being told keeps the name it had in play.
        let twin = (public(me.zone) || me.zone == Zone::Debris)
            && s.cards.iter().enumerate().any(|(i, c)| {
                i != r.0 as usize
                    && c.owner != me.owner
                    && public(c.zone)
                    && card_name(s, CardRef(i as u8)) == base
            });
        if !twin {
            return name;
        }
        if self.you == Some(me.owner) {
            format!("your {name}")
        } else {
            format!("{} {name}", self.possessive(me.owner))
        }
    }
    /// "You draw" / "AI draws".
    pub fn says(&self, p: PlayerId, you_verb: &str, verb: &str) -> String {
        if self.you == Some(p) {
            format!("You {you_verb}")
        } else {
            format!("{} {verb}", self.player(p))
        }
    }
}

/// How a log line is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Normal,
    /// A new turn: drawn as a separator.
    Turn,
    /// Attacks, bombardments, damage.
    Fight,
    /// Destruction and the end of the game.
    Major,
    /// Routine bookkeeping (the orbit counter).
    Quiet,
}

/// One log line: the public text, and optionally a fuller text only its owner may read.
#[derive(Clone, Debug)]
pub struct Entry {
    pub actor: Option<PlayerId>,
    pub tone: Tone,
    pub public: String,
    pub private: Option<(PlayerId, String)>,
}

impl Entry {
    fn new(actor: Option<PlayerId>, tone: Tone, text: String) -> Entry {
        Entry {
            actor,
            tone,
            public: capital(&text),
            private: None,
        }
    }
    /// The text `viewer` may read.
    pub fn text_for(&self, viewer: Option<PlayerId>) -> &str {
        match &self.private {
            Some((p, t)) if Some(*p) == viewer => t,
            _ => &self.public,
        }
    }
}

/// "Corvette Kestrel" for ships, the card name for everything else.
pub fn card_name(s: &State, r: CardRef) -> String {
    let Some(inst) = s.get(r) else {
        return "a card".into();
    };
    let card = s.db.card(inst.card);
    match &card.kind {
        CardKind::Spacecraft(sh) => format!("{} {}", capital(sh.class.name()), card.name),
        _ => card.name.clone(),
    }
}

/// `w` with its first letter in upper case.
pub fn capital(w: &str) -> String {
    let mut c = w.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn owner(s: &State, r: CardRef) -> Option<PlayerId> {
    s.get(r).map(|c| c.owner)
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Reads one command's events in order for the log. A kind's line may take in the events
/// after its own (a combat's dice, a research's cards, a run of moves), moving `i` past them.
pub struct Teller<'a, S, E> {
    pub s: &'a S,
    pub names: &'a Names,
    pub events: &'a [E],
    /// The next event to read.
    pub i: usize,
    pub out: Vec<Entry>,
}

/// A group of event kinds' lines: `true` when it told the event (or chose to say nothing).
pub type Kinds<'a, S, E> = fn(&mut Teller<'a, S, E>, &E) -> bool;

/// The log lines of `events`: each event goes to the first of `kinds` that knows it.
pub fn tell<'a, S, E>(
    s: &'a S,
    names: &'a Names,
    events: &'a [E],
    kinds: &[Kinds<'a, S, E>],
) -> Vec<Entry> {
    let mut t = Teller {
        s,
        names,
        events,
        i: 0,
        out: Vec::new(),
    };
    while t.i < events.len() {
        let e = &events[t.i];
        t.i += 1;
        let _told = kinds.iter().any(|k| k(&mut t, e));
    }
    t.out
}

/// Describes a batch of events (from one command) in plain words, against the state after it.
pub fn describe(s: &State, events: &[Event], names: &Names) -> Vec<Entry> {
    type T<'a> = Teller<'a, State, Event>;
    tell(
        s,
        names,
        events,
        &[T::turn_line, T::ship_line, T::combat_line, T::build_line],
    )
}

impl Teller<'_, State, Event> {
    /// Turns, the orbit counter, players out and the end of the game.
    fn turn_line(&mut self, e: &Event) -> bool {
        let names = self.names;
        let out = &mut self.out;
        match *e {
            Event::TurnStarted { player, turn } => out.push(Entry::new(
                Some(player),
                Tone::Turn,
                format!("Turn {turn} · {}", names.player(player)),
            )),
            Event::OrbitCounter { value } => out.push(Entry::new(
                None,
                Tone::Quiet,
                format!("The orbit counter turns to {value}: transfer costs change."),
            )),
            Event::PlayerLost { player, reason } => out.push(Entry::new(
                Some(player),
                Tone::Major,
                match reason {
                    LossReason::NoHomeworld => {
                        format!("{} no homeworld left.", names.says(player, "have", "has"))
                    }
                    LossReason::Conceded => {
                        format!("{}.", names.says(player, "concede", "concedes"))
                    }
                },
            )),
            Event::GameOver { outcome } => out.push(Entry::new(
                None,
                Tone::Major,
                match outcome {
                    Outcome::Winner(p) => {
                        format!("Game over: {}!", names.says(p, "win", "wins"))
                    }
                    Outcome::Draw => "Game over: a draw.".into(),
                    Outcome::Ongoing => "Game goes on.".into(),
                },
            )),
            Event::PhaseStarted { .. }
            | Event::Passed { .. }
            | Event::ShipsRestored { .. }
            | Event::Untapped { .. } => {}
            _ => return false,
        }
        true
    }

    /// Ships moving: burns, transfers, scuttling, entering play, refits and repairs.
    fn ship_line(&mut self, e: &Event) -> bool {
        let s = self.s;
        let n = |r| self.names.card(self.s, r);
        let out = &mut self.out;
        match *e {
            Event::Burned {
                ship,
                from,
                to,
                cost,
            } => out.push(Entry::new(
                owner(s, ship),
                Tone::Normal,
                format!(
                    "{} burns {} to orbital {} ({cost} dv).",
                    n(ship),
                    if to > from { "up" } else { "down" },
                    to + 1
                ),
            )),
            Event::Transferred {
                ship,
                from,
                to,
                cost,
            } => out.push(Entry::new(
                owner(s, ship),
                Tone::Normal,
                format!(
                    "{} transfers from {} to {} ({cost} dv).",
                    n(ship),
                    n(from),
                    n(to)
                ),
            )),
            Event::Scuttled { ship } => out.push(Entry::new(
                owner(s, ship),
                Tone::Fight,
                format!("{} is scuttled.", n(ship)),
            )),
            Event::ShipEntered { ship, asset } => out.push(Entry::new(
                owner(s, ship),
                Tone::Normal,
                format!("{} enters orbit around {}.", n(ship), n(asset)),
            )),
            Event::Refitted { old, new } => out.push(Entry::new(
                owner(s, new),
                Tone::Normal,
                format!("{} is refitted into {}.", n(old), n(new)),
            )),
            Event::Repaired { asset, amount } => out.push(Entry::new(
                owner(s, asset),
                Tone::Normal,
                format!("{} repairs {amount} damage.", n(asset)),
            )),
            _ => return false,
        }
        true
    }

    /// A combat with its dice in one line (the dice events after it are told here); returns
    /// the index of the next event to tell.
    fn combat_declared(&mut self, ship: CardRef, target: CardRef, x: u8, need: i16) -> usize {
        let n = |r| self.names.card(self.s, r);
        let mut i = self.i;
        let mut rolls = Vec::new();
        while let Some(Event::DieRolled { roll, hit }) = self.events.get(i) {
            rolls.push((*roll, *hit));
            i += 1;
        }
        let hits = rolls.iter().filter(|r| r.1).count();
        let list = rolls
            .iter()
            .map(|r| r.0.to_string())
            .collect::<Vec<_>>()
            .join(", ");
        let odds = if need <= 1 {
            "no roll can hit".to_string()
        } else if need > 6 {
            "every roll hits".to_string()
        } else {
            format!("hits below {need}")
        };
        let line = format!(
            "{} spends {x} dv and fires {} at {} ({odds}): {list} — {}.",
            n(ship),
            plural(rolls.len(), "shot", "shots"),
            n(target),
            plural(hits, "hit", "hits"),
        );
        self.out
            .push(Entry::new(owner(self.s, ship), Tone::Fight, line));
        i
    }

    /// Combat (with its dice in one line), damage and what is destroyed, bombardment, debris.
    fn combat_line(&mut self, e: &Event) -> bool {
        match *e {
            Event::CombatDeclared {
                ship,
                target,
                x,
                range,
                defence,
                ..
            } => {
                self.i = self.combat_declared(ship, target, x, range - defence);
                true
            }
            _ => self.damage_line(e),
        }
    }

    /// A die, damage and what is destroyed, bombardment, debris.
    fn damage_line(&mut self, e: &Event) -> bool {
        let s = self.s;
        let n = |r| self.names.card(self.s, r);
        let out = &mut self.out;
        match *e {
            Event::DieRolled { roll, hit } => out.push(Entry::new(
                None,
                Tone::Fight,
                format!("Die: {roll} ({})", if hit { "hit" } else { "miss" }),
            )),
            Event::Damaged {
                card,
                amount,
                total,
            } => {
                let cap = match s.get(card).map(|c| &s.db.card(c.card).kind) {
                    Some(CardKind::Spacecraft(_)) => s.armor(card),
                    _ => s.resistance(card),
                };
                let text = if total >= cap {
                    format!("{} takes {amount} damage ({total} of {cap}).", n(card))
                } else {
                    format!(
                        "{} takes {amount} damage ({total} so far, destroyed at {cap}).",
                        n(card)
                    )
                };
                out.push(Entry::new(owner(s, card), Tone::Fight, text))
            }
            Event::ShipDestroyed {
                ship,
                asset,
                orbital,
            } => out.push(Entry::new(
                owner(s, ship),
                Tone::Major,
                format!(
                    "{} is destroyed: debris in orbital {} of {}.",
                    n(ship),
                    orbital + 1,
                    n(asset)
                ),
            )),
            Event::AssetDestroyed { asset } => out.push(Entry::new(
                owner(s, asset),
                Tone::Major,
                format!("{} is destroyed!", n(asset)),
            )),
            Event::UpgradeDestroyed { upgrade } => out.push(Entry::new(
                owner(s, upgrade),
                Tone::Major,
                format!("{} is destroyed.", n(upgrade)),
            )),
            Event::Bombarded {
                ship,
                target,
                power,
            } => out.push(Entry::new(
                owner(s, ship),
                Tone::Fight,
                format!("{} bombards {} with power {power}.", n(ship), n(target)),
            )),
            Event::DebrisDamage { ship, debris } => out.push(Entry::new(
                owner(s, ship),
                Tone::Fight,
                format!(
                    "{} drifts in {} and is hit.",
                    n(ship),
                    plural(debris as usize, "piece of debris", "pieces of debris")
                ),
            )),
            Event::DebrisCleared {
                asset,
                orbital,
                count,
            } => out.push(Entry::new(
                owner(s, asset),
                Tone::Normal,
                format!(
                    "{} cleared from orbital {orbital} of {}.",
                    plural(count as usize, "piece of debris", "pieces of debris"),
                    n(asset)
                ),
            )),
            _ => return false,
        }
        true
    }

    /// Research with the cards it drew in one line (the draw events after it are told here;
    /// the names of the cards only to their owner); returns the index of the next event.
    fn researched(&mut self, asset: CardRef) -> usize {
        let (s, names) = (self.s, self.names);
        let n = |r| names.card(s, r);
        let p = owner(s, asset);
        let mut i = self.i;
        let mut drawn = Vec::new();
        while let Some(Event::CardDrawn { card, .. }) = self.events.get(i) {
            drawn.push(*card);
            i += 1;
        }
        let public = if drawn.is_empty() {
            format!("{} researches, but the deck is empty.", n(asset))
        } else {
            format!(
                "{} researches: {} drawn.",
                n(asset),
                plural(drawn.len(), "card", "cards")
            )
        };
        let mut en = Entry::new(p, Tone::Normal, public);
        if let (Some(p), false) = (p, drawn.is_empty()) {
            let list: Vec<String> = drawn.iter().map(|c| n(*c)).collect();
            en.private = Some((
                p,
                format!(
                    "{} researches: {} {}.",
                    n(asset),
                    names.says_mid(p, "draw", "draws"),
                    list.join(", ")
                ),
            ));
        }
        self.out.push(en);
        i
    }

    /// A project started (what it builds only to its owner).
    fn project_started(&mut self, card: CardRef, host: Option<CardRef>) {
        let (s, names) = (self.s, self.names);
        let n = |r| names.card(s, r);
        let p = owner(s, card).unwrap_or(PlayerId(0));
        let (public, private) = match host {
            Some(h) => (
                format!(
                    "{} a project on {}.",
                    names.says(p, "start", "starts"),
                    n(h)
                ),
                format!(
                    "{} {} on {}.",
                    names.says(p, "start building", "starts building"),
                    n(card),
                    n(h)
                ),
            ),
            None => (
                format!("{} an asset project.", names.says(p, "start", "starts")),
                format!(
                    "{} the asset {}.",
                    names.says(p, "start building", "starts building"),
                    n(card)
                ),
            ),
        };
        let mut en = Entry::new(Some(p), Tone::Normal, public);
        en.private = Some((p, private));
        self.out.push(en);
    }

    /// Points added to a project (which one and its cost only to its owner).
    fn contributed(&mut self, asset: CardRef, project: CardRef, points: u8, total: u8) {
        let (s, names) = (self.s, self.names);
        let n = |r| names.card(s, r);
        let p = owner(s, asset);
        let mut en = Entry::new(
            p,
            Tone::Normal,
            format!(
                "{} adds {} to a project ({total} so far).",
                n(asset),
                plural(points as usize, "point", "points")
            ),
        );
        if let Some(p) = p {
            let cost = s.card_of(project).construction_cost;
            let so_far = if total >= cost {
                "finished".to_string()
            } else {
                format!("{total}/{cost}")
            };
            en.private = Some((
                p,
                format!(
                    "{} adds {} to {} ({so_far}).",
                    n(asset),
                    plural(points as usize, "point", "points"),
                    n(project)
                ),
            ));
        }
        self.out.push(en);
    }

    /// Research and cards drawn (in one line), projects, upgrades, assets and abilities.
    fn build_line(&mut self, e: &Event) -> bool {
        match *e {
            Event::Researched { asset } => self.i = self.researched(asset),
            Event::ProjectStarted { card, host } => self.project_started(card, host),
            Event::Contributed {
                asset,
                project,
                points,
                total,
            } => self.contributed(asset, project, points, total),
            _ => return self.card_line(e),
        }
        true
    }

    /// A card drawn, projects waiting or lost, upgrades, assets entering and abilities.
    fn card_line(&mut self, e: &Event) -> bool {
        let (s, names) = (self.s, self.names);
        let n = |r| names.card(s, r);
        let out = &mut self.out;
        match *e {
            Event::CardDrawn { player, card } => {
                let mut en = Entry::new(
                    Some(player),
                    Tone::Normal,
                    format!("{} a card.", names.says(player, "draw", "draws")),
                );
                en.private = Some((
                    player,
                    format!("{} {}.", names.says(player, "draw", "draws"), n(card)),
                ));
                out.push(en);
            }
            Event::ProjectWaiting { project } => {
                let p = owner(s, project);
                let mut en = Entry::new(
                    p,
                    Tone::Normal,
                    "A finished ship waits for population room.".into(),
                );
                if let Some(p) = p {
                    en.private = Some((
                        p,
                        format!("{} is finished but waits for population room.", n(project)),
                    ));
                }
                out.push(en);
            }
            Event::ProjectRemoved { project } => {
                let p = owner(s, project);
                let mut en = Entry::new(p, Tone::Major, "A project is lost.".into());
                if let Some(p) = p {
                    en.private = Some((
                        p,
                        format!("{} project {} is lost.", names.possessive(p), n(project)),
                    ));
                }
                out.push(en);
            }
            Event::UpgradeInstalled { upgrade, asset } => out.push(Entry::new(
                owner(s, upgrade),
                Tone::Normal,
                format!("{} is installed on {}.", n(upgrade), n(asset)),
            )),
            Event::AssetEntered { asset } => out.push(Entry::new(
                owner(s, asset),
                Tone::Normal,
                format!("{} enters play.", n(asset)),
            )),
            Event::AbilityTriggered { card } => out.push(Entry::new(
                owner(s, card),
                Tone::Normal,
                format!("{}: ability triggers.", n(card)),
            )),
            _ => return false,
        }
        true
    }
}
