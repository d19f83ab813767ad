//! Globetrotter events in plain words for the client's log, in the card table's style: "Your
//! rover moves from HQ 91 to space 88.", "AI 2's rover on space 45 shoots your rover on space
//! 50: to hit 4 (needs 3+), to wound 5 (needs 3+) — 4 hp left.", "Planet 2 breaks apart (1 + 1
//! is less than 3): 4 pieces are lost with it!"
//!
//! [`describe`] reads one command's events against the state *before* the command (who owned
//! the rover that moved, what stood on the space that was shot). Nothing here decides a rule:
//! the dice, the numbers needed and the results all come from the events.
use crate::client::words::{tell, Entry, Kinds, Names, Teller, Tone};
use crate::globe::Board;
use crate::globetrotter::{Command, Event, Loc, Outcome, PieceKind, RollKind, State, Structure};
use crate::ids::PlayerId;

/// A structure's name in a sentence.
pub fn structure_name(k: Structure) -> &'static str {
    match k {
        Structure::SpacePort => "Space Port",
        Structure::Factory => "Factory",
        Structure::DrillCannon => "Drill Cannon",
        Structure::Treasury => "Treasury",
    }
}

/// "HQ 91" or "space 45", with the planet when there are several.
pub fn place(s: &State, at: Loc) -> String {
    let kind = if Board::get().is_hq(at.face) {
        "HQ"
    } else {
        "space"
    };
    if s.config().planets > 1 {
        format!("{kind} {} on planet {}", at.face, at.planet)
    } else {
        format!("{kind} {}", at.face)
    }
}

/// "your" / "AI 2's", for the middle of a sentence.
fn poss_mid(n: &Names, p: PlayerId) -> String {
    if n.you == Some(p) {
        "your".into()
    } else {
        n.possessive(p)
    }
}

fn plural(k: usize, one: &str, many: &str) -> String {
    format!("{k} {}", if k == 1 { one } else { many })
}

fn line(actor: Option<PlayerId>, tone: Tone, text: String) -> Entry {
    Entry {
        actor,
        tone,
        public: text,
        private: None,
    }
}

/// The piece of `kind` on `at` before the command, named for a sentence: "your rover",
/// "AI 2's Factory", "AI 2's fortification" (capitalised at the start of a sentence by the
/// caller). `None` when the space held no such piece.
fn piece(s: &State, n: &Names, at: Loc, kind: PieceKind) -> Option<(PlayerId, String)> {
    let sp = s.space(at);
    match kind {
        PieceKind::Rover => sp
            .rover
            .map(|r| (r.owner, format!("{} rover", poss_mid(n, r.owner)))),
        PieceKind::Fort => sp
            .fort
            .map(|o| (o, format!("{} fortification", poss_mid(n, o)))),
        PieceKind::Building => sp.building.map(|b| {
            (
                b.owner,
                format!("{} {}", poss_mid(n, b.owner), structure_name(b.kind)),
            )
        }),
    }
}

fn capital(t: &str) -> String {
    let mut c = t.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// "Your rover" / "AI 2's rover" / "A rover" for the rover on `at` before the command.
fn rover_at(s: &State, n: &Names, at: Loc) -> (Option<PlayerId>, String) {
    match s.space(at).rover {
        Some(r) => (Some(r.owner), format!("{} rover", n.possessive(r.owner))),
        None => (None, "A rover".into()),
    }
}

/// How a wound roll (and the wound that may follow) ended, consuming those events.
fn wound_result(events: &[Event], i: &mut usize) -> String {
    let Some(Event::Rolled {
        kind: RollKind::Wound,
        roll,
        need,
        success,
    }) = events.get(*i).copied()
    else {
        return String::new();
    };
    *i += 1;
    let mut t = format!("to wound {roll} (needs {need}+)");
    if !success {
        t.push_str(" — no damage");
        return t;
    }
    if let Some(Event::Wounded { hp, .. }) = events.get(*i).copied() {
        *i += 1;
        if hp == 0 {
            if let Some(Event::Removed { .. }) = events.get(*i) {
                *i += 1;
            }
            t.push_str(" — destroyed!");
        } else {
            t.push_str(&format!(" — {} left", plural(hp as usize, "hp", "hp")));
        }
    }
    t
}

/// Describes one command's events (or a setup's) in plain words. `before` is the state the
/// events started from.
pub fn describe(before: &State, events: &[Event], names: &Names) -> Vec<Entry> {
    type T<'a> = Teller<'a, State, Event>;
    let kinds: [Kinds<State, Event>; 7] = [
        T::setup_line,
        T::shot_line,
        T::fire_line,
        T::planet_line,
        T::damage_line,
        T::building_line,
        T::treasury_line,
    ];
    tell(before, names, events, &kinds)
}

/// Lines that take in the events after their own: a shot's dice, a Drill Cannon's wound
/// rolls, what a planet takes with it.
impl Teller<'_, State, Event> {
    /// The first turn, placements, moves and turns of rovers, orbit and descent, fortifying.
    fn setup_line(&mut self, e: &Event) -> bool {
        let (s, n, events) = (self.s, self.names, self.events);
        let i = self.i;
        let out = &mut self.out;
        match *e {
            Event::RollOff { player, roll } => out.push(line(
                Some(player),
                Tone::Quiet,
                format!(
                    "{} {roll} for the first turn.",
                    n.says(player, "roll", "rolls")
                ),
            )),
            Event::FirstPlayer { player } => out.push(line(
                Some(player),
                Tone::Normal,
                format!("{} first.", n.says(player, "go", "goes")),
            )),
            Event::Placed { player, at } => out.push(line(
                Some(player),
                Tone::Normal,
                format!(
                    "{} a first rover on {}.",
                    n.says(player, "place", "places"),
                    place(s, at)
                ),
            )),
            Event::TurnStarted { player, turn } => out.push(line(
                Some(player),
                Tone::Turn,
                format!("Turn {turn} · {}", n.player(player)),
            )),
            Event::Moved { from, to } => {
                let (who, rover) = rover_at(s, n, from);
                out.push(line(
                    who,
                    Tone::Normal,
                    format!("{rover} moves from {} to {}.", place(s, from), place(s, to)),
                ));
            }
            Event::Faced { at, facing } => {
                // After a move, a placement, a descent or a production the facing is part of
                // that step; on its own it is a turn.
                let follows = matches!(
                    events.get(i.wrapping_sub(2)),
                    Some(
                        Event::Moved { .. }
                            | Event::Placed { .. }
                            | Event::Descended { .. }
                            | Event::Produced { .. }
                    )
                ) && i >= 2;
                if !follows {
                    let (who, rover) = rover_at(s, n, at);
                    out.push(line(
                        who,
                        Tone::Quiet,
                        format!("{rover} on {} turns to face edge {facing}.", place(s, at)),
                    ));
                }
            }
            Event::EnteredOrbit { player, from } => out.push(line(
                Some(player),
                Tone::Normal,
                format!(
                    "{} rover enters orbit from {} through the Space Port.",
                    n.possessive(player),
                    place(s, from)
                ),
            )),
            Event::Descended { player, at } => out.push(line(
                Some(player),
                Tone::Normal,
                format!(
                    "{} rover descends from orbit onto {}.",
                    n.possessive(player),
                    place(s, at)
                ),
            )),
            Event::Fortified { player, at } => out.push(line(
                Some(player),
                Tone::Normal,
                format!(
                    "{} {}.",
                    n.says(player, "fortify", "fortifies"),
                    place(s, at)
                ),
            )),
            _ => return false,
        }
        true
    }

    /// A shot (G6) with its hit and wound rolls.
    fn shot_line(&mut self, e: &Event) -> bool {
        let (s, n, events) = (self.s, self.names, self.events);
        let mut i = self.i;
        let out = &mut self.out;
        match *e {
            Event::Shot {
                from,
                to,
                target,
                need,
            } => {
                let (who, shooter) = rover_at(s, n, from);
                let victim = piece(s, n, to, target)
                    .map(|p| p.1)
                    .unwrap_or_else(|| format!("a {}", target.name()));
                let mut t = format!(
                    "{shooter} on {} shoots {victim} on {}",
                    place(s, from),
                    place(s, to)
                );
                let mut hit = need == 0;
                if need == 0 {
                    t.push_str(" (hits automatically): ");
                } else {
                    t.push_str(": ");
                    if let Some(Event::Rolled {
                        kind: RollKind::Hit,
                        roll,
                        success,
                        ..
                    }) = events.get(i).copied()
                    {
                        i += 1;
                        hit = success;
                        t.push_str(&format!("to hit {roll} (needs {need}+)"));
                        t.push_str(if success { ", " } else { " — a miss" });
                    }
                }
                if hit {
                    t.push_str(&wound_result(events, &mut i));
                }
                t.push('.');
                let tone = if t.ends_with("!.") {
                    t.pop();
                    Tone::Major
                } else {
                    Tone::Fight
                };
                out.push(line(who, tone, t));
            }
            _ => return false,
        }
        self.i = i;
        true
    }

    /// A Drill Cannon's fire with the wound rolls of every piece it hits.
    fn fire_line(&mut self, e: &Event) -> bool {
        let (s, n, events) = (self.s, self.names, self.events);
        let mut i = self.i;
        let out = &mut self.out;
        match *e {
            Event::Fired { player, at, count } => {
                let mut t = format!(
                    "{} Drill Cannon fires at {} (shot {count} on this planet)",
                    n.possessive(player),
                    place(s, at)
                );
                // Every piece on the space is wounded on 3+: rover, fortification, building.
                let mut hits = Vec::new();
                for kind in [PieceKind::Rover, PieceKind::Fort, PieceKind::Building] {
                    if let Some((_, name)) = piece(s, n, at, kind) {
                        if matches!(
                            events.get(i),
                            Some(Event::Rolled {
                                kind: RollKind::Wound,
                                ..
                            })
                        ) {
                            hits.push(format!("{name}: {}", wound_result(events, &mut i)));
                        }
                    }
                }
                if hits.is_empty() {
                    t.push_str(": nothing stands there.");
                } else {
                    t.push_str(&format!(" and hits {}.", hits.join("; ")));
                }
                let tone = if t.contains("destroyed!") {
                    Tone::Major
                } else {
                    Tone::Fight
                };
                if t.ends_with("!.") {
                    t.pop();
                }
                out.push(line(Some(player), tone, t));
            }
            _ => return false,
        }
        self.i = i;
        true
    }

    /// A planet's survival roll (and what breaks apart with it), a destroyed planet.
    fn planet_line(&mut self, e: &Event) -> bool {
        let (n, events) = (self.names, self.events);
        let mut i = self.i;
        let out = &mut self.out;
        match *e {
            Event::PlanetRoll {
                planet,
                dice,
                count,
            } => {
                let sum = dice[0] + dice[1];
                // The pieces lost with the planet, up to its destruction.
                let mut j = i;
                let mut lost = 0;
                let mut treasuries = Vec::new();
                while let Some(ev) = events.get(j) {
                    match *ev {
                        Event::Removed { .. } => lost += 1,
                        Event::TreasuryLost { player, points } => treasuries.push((player, points)),
                        _ => break,
                    }
                    j += 1;
                }
                if let Some(Event::PlanetDestroyed { .. }) = events.get(j) {
                    i = j + 1;
                    out.push(line(
                        None,
                        Tone::Major,
                        format!(
                            "Planet {planet} breaks apart ({} + {} is less than {count}): {} lost with it!",
                            dice[0],
                            dice[1],
                            if lost == 1 {
                                "1 piece is".to_string()
                            } else {
                                format!("{lost} pieces are")
                            }
                        ),
                    ));
                    for (p, points) in treasuries {
                        out.push(treasury_lost(n, p, points));
                    }
                } else {
                    out.push(line(
                        None,
                        Tone::Quiet,
                        format!(
                            "Planet {planet} holds: {} + {} = {sum}, not less than {count}.",
                            dice[0], dice[1]
                        ),
                    ));
                }
            }
            Event::PlanetDestroyed { planet } => out.push(line(
                None,
                Tone::Major,
                format!("Planet {planet} is destroyed!"),
            )),
            _ => return false,
        }
        self.i = i;
        true
    }

    /// Dice on their own, wounds and pieces removed.
    fn damage_line(&mut self, e: &Event) -> bool {
        let (s, n, events) = (self.s, self.names, self.events);
        let i = self.i;
        let out = &mut self.out;
        match *e {
            Event::Rolled {
                kind, roll, need, ..
            } => out.push(line(
                None,
                Tone::Fight,
                format!(
                    "Die to {}: {roll} (needs {need}+).",
                    match kind {
                        RollKind::Hit => "hit",
                        RollKind::Wound => "wound",
                    }
                ),
            )),
            Event::Wounded {
                at,
                piece: kind,
                owner,
                hp,
            } => {
                let name = piece(s, n, at, kind)
                    .map(|p| capital(&p.1))
                    .unwrap_or_else(|| format!("{} {}", n.possessive(owner), kind.name()));
                out.push(line(
                    Some(owner),
                    Tone::Fight,
                    format!("{name} on {} is wounded: {hp} hp left.", place(s, at)),
                ));
            }
            Event::Removed {
                at,
                piece: kind,
                owner,
            } => {
                // A builder's own fortification gives way to the new building (G7): that is
                // part of the building line.
                let replaced = kind == PieceKind::Fort
                    && matches!(events.get(i), Some(Event::Built { at: b, .. }) if *b == at);
                if !replaced {
                    let name = piece(s, n, at, kind)
                        .map(|p| capital(&p.1))
                        .unwrap_or_else(|| format!("{} {}", n.possessive(owner), kind.name()));
                    out.push(line(
                        Some(owner),
                        Tone::Major,
                        format!("{name} on {} is destroyed.", place(s, at)),
                    ));
                }
            }
            _ => return false,
        }
        true
    }

    /// Buildings: built, producing, healing, the Drill Cannon readied and aimed, demolished.
    fn building_line(&mut self, e: &Event) -> bool {
        let (s, n) = (self.s, self.names);
        let out = &mut self.out;
        match *e {
            Event::Built { player, at, kind } => out.push(line(
                Some(player),
                Tone::Normal,
                format!(
                    "{} a {} on {}.",
                    n.says(player, "build", "builds"),
                    structure_name(kind),
                    place(s, at)
                ),
            )),
            Event::Produced { player, at } => out.push(line(
                Some(player),
                Tone::Normal,
                format!(
                    "{} Factory produces a rover on {}.",
                    n.possessive(player),
                    place(s, at)
                ),
            )),
            Event::Healed { at, hp } => {
                let (who, rover) = rover_at(s, n, at);
                out.push(line(
                    who,
                    Tone::Normal,
                    format!(
                        "{rover} on {} is repaired by the Factory: {hp} hp.",
                        place(s, at)
                    ),
                ));
            }
            Event::Readied { player } => out.push(line(
                Some(player),
                Tone::Normal,
                format!("{} the Drill Cannon.", n.says(player, "ready", "readies")),
            )),
            Event::Aimed { player, at } => out.push(line(
                Some(player),
                Tone::Normal,
                format!(
                    "{} the Drill Cannon at {}.",
                    n.says(player, "aim", "aims"),
                    place(s, at)
                ),
            )),
            Event::Demolished { player, at, kind } => out.push(line(
                Some(player),
                Tone::Normal,
                format!(
                    "{} {} own {} on {}.",
                    n.says(player, "demolish", "demolishes"),
                    if n.you == Some(player) {
                        "your"
                    } else {
                        "their"
                    },
                    structure_name(kind),
                    place(s, at)
                ),
            )),
            _ => return false,
        }
        true
    }

    /// Treasuries, passing, players out and the end.
    fn treasury_line(&mut self, e: &Event) -> bool {
        let n = self.names;
        let out = &mut self.out;
        match *e {
            Event::Saved { player, stored } => out.push(line(
                Some(player),
                Tone::Normal,
                format!(
                    "{} an action in the Treasury ({stored} of 3 stored).",
                    n.says(player, "save", "saves")
                ),
            )),
            Event::Spent { player, stored } => out.push(line(
                Some(player),
                Tone::Normal,
                format!(
                    "{} a Treasury point for an extra action ({stored} left).",
                    n.says(player, "spend", "spends")
                ),
            )),
            Event::TreasuryLost { player, points } => out.push(treasury_lost(n, player, points)),
            Event::Passed { player } => out.push(line(
                Some(player),
                Tone::Quiet,
                format!("{} the turn.", n.says(player, "end", "ends")),
            )),
            Event::PlayerLost { player } => out.push(line(
                Some(player),
                Tone::Major,
                format!(
                    "{} out of the game: no rover and no Factory left.",
                    n.says(player, "are", "is")
                ),
            )),
            Event::GameOver { outcome } => out.push(line(
                None,
                Tone::Major,
                match outcome {
                    Outcome::Winner(p) => format!("Game over: {}!", n.says(p, "win", "wins")),
                    Outcome::Draw => "Game over: a draw.".into(),
                    Outcome::Ongoing => "The game goes on.".into(),
                },
            )),
            _ => return false,
        }
        true
    }
}

/// A command in plain words, as the player to act would do it (the AI's announced move):
/// "shoot AI 2's rover on space 78 from space 87".
pub fn command(s: &State, c: &Command, n: &Names) -> String {
    let p = |at| place(s, at);
    match *c {
        Command::Place { at, .. } => format!("place a rover on {}", p(at)),
        Command::Move { from, to, .. } => {
            format!("move the rover on {} to {}", p(from), p(from.with(to)))
        }
        Command::Turn { at, side } => format!("turn the rover on {} {}", p(at), side.name()),
        Command::Fortify { from, to } => {
            format!("fortify {} from {}", p(from.with(to)), p(from))
        }
        Command::Shoot { from, to, target } => {
            let at = from.with(to);
            let victim = piece(s, n, at, target)
                .map(|v| v.1)
                .unwrap_or_else(|| format!("a {}", target.name()));
            format!("shoot {victim} on {} from {}", p(at), p(from))
        }
        Command::Build { at, kind, exit } => {
            let out = exit
                .map(|e| format!(", the rover moving out to {}", p(at.with(e.to))))
                .unwrap_or_default();
            format!("build a {} on {}{out}", structure_name(kind), p(at))
        }
        Command::Produce { at, .. } => format!("produce a rover on {}", p(at)),
        Command::Heal { at } => format!("repair the rover on {}", p(at)),
        Command::Ready => "ready the Drill Cannon".into(),
        Command::Aim { at } => format!("aim the Drill Cannon at {}", p(at)),
        Command::Fire => "fire the Drill Cannon".into(),
        Command::Descend { at, .. } => format!("descend from orbit onto {}", p(at)),
        Command::Destroy { at } => {
            let what = s
                .space(at)
                .building
                .map(|b| structure_name(b.kind))
                .unwrap_or("building");
            format!("demolish the {what} on {}", p(at))
        }
        Command::Save => "save an action in the Treasury".into(),
        Command::Spend => "spend a Treasury point".into(),
        Command::Pass => "end the turn".into(),
    }
}

fn treasury_lost(n: &Names, p: PlayerId, points: u8) -> Entry {
    line(
        Some(p),
        Tone::Major,
        format!(
            "{} Treasury falls: {} lost.",
            n.possessive(p),
            plural(points as usize, "stored point is", "stored points are")
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::globe::FaceId;
    use crate::globetrotter::position::parse_space;
    use crate::globetrotter::{apply, validate, Config, Drill, PlanetId};

    fn names() -> Names {
        Names {
            seats: vec!["You".into(), "AI 2".into(), "AI 3".into()],
            you: Some(PlayerId(0)),
        }
    }

    fn loc(p: u8, f: u8) -> Loc {
        Loc::new(PlanetId(p - 1), FaceId::new(f).unwrap())
    }

    /// A game in play on `planets` planets with `pieces` (planet, face, space text), player 1
    /// to act with `actions` action points, and forced dice.
    fn position(planets: u8, pieces: &[(u8, u8, &str)], dice: &[u8]) -> State {
        let config = Config {
            players: 3,
            planets,
            ..Config::default()
        };
        let mut s = State::empty(config, 7);
        s.phase = crate::globetrotter::Phase::Play;
        s.turn = 1;
        s.actions = 2;
        for &(p, f, text) in pieces {
            *s.space_mut(loc(p, f)) = parse_space(text).unwrap();
        }
        s.forced_dice = dice.iter().copied().collect();
        // Player 3 keeps a rover in orbit, so that nobody loses (G10) unless a test says so.
        s.orbit.push(crate::globetrotter::OrbitRover {
            owner: PlayerId(2),
            hp: 5,
        });
        s
    }

    /// Plays `cmd` through the engine and describes its events against the state before.
    fn said(s: &mut State, cmd: Command) -> Vec<Entry> {
        validate(s, &cmd).unwrap();
        let before = s.clone();
        let ev = apply(s, cmd);
        describe(&before, &ev, &names())
    }

    fn texts(v: &[Entry]) -> Vec<&str> {
        v.iter().map(|e| e.public.as_str()).collect()
    }

    #[test]
    fn a_move_names_the_rover_and_both_spaces() {
        let mut s = position(1, &[(1, 87, "rover p1"), (1, 61, "rover p2")], &[]);
        let v = said(
            &mut s,
            Command::Move {
                from: loc(1, 87),
                to: FaceId::new(91).unwrap(),
                side: None,
            },
        );
        assert_eq!(texts(&v), ["Your rover moves from space 87 to HQ 91."]);
        assert_eq!(v[0].actor, Some(PlayerId(0)));
        assert_eq!(v[0].tone, Tone::Normal);
        // On a table of several planets the planet is named too.
        let mut s = position(2, &[(2, 87, "rover p1"), (1, 61, "rover p2")], &[]);
        let v = said(
            &mut s,
            Command::Move {
                from: loc(2, 87),
                to: FaceId::new(91).unwrap(),
                side: None,
            },
        );
        assert_eq!(
            texts(&v),
            ["Your rover moves from space 87 on planet 2 to HQ 91 on planet 2."]
        );
    }

    #[test]
    fn a_shot_reads_as_one_line_with_its_dice() {
        let shoot = Command::Shoot {
            from: loc(1, 87),
            to: FaceId::new(78).unwrap(),
            target: PieceKind::Rover,
        };
        let pieces = [(1, 87, "rover p1"), (1, 78, "rover p2")];
        let mut s = position(1, &pieces, &[4, 5]);
        let v = said(&mut s, shoot);
        assert_eq!(
            texts(&v),
            ["Your rover on space 87 shoots AI 2's rover on space 78: to hit 4 (needs 3+), to wound 5 (needs 3+) — 4 hp left."]
        );
        assert_eq!(v[0].tone, Tone::Fight);
        // A miss stops at the hit roll; a failed wound roll says so.
        let mut s = position(1, &pieces, &[1]);
        let v = said(&mut s, shoot);
        assert!(
            texts(&v)[0].ends_with(": to hit 1 (needs 3+) — a miss."),
            "{:?}",
            texts(&v)
        );
        let mut s = position(1, &pieces, &[6, 2]);
        let v = said(&mut s, shoot);
        assert!(
            texts(&v)[0].ends_with("to wound 2 (needs 3+) — no damage."),
            "{:?}",
            texts(&v)
        );
        // The other player's shot at you.
        let mut s = position(1, &[(1, 87, "rover p2"), (1, 78, "rover p1")], &[3, 3]);
        s.active = PlayerId(1);
        let v = said(&mut s, shoot);
        assert!(
            texts(&v)[0].starts_with("AI 2's rover on space 87 shoots your rover on space 78"),
            "{:?}",
            texts(&v)
        );
        assert_eq!(v[0].actor, Some(PlayerId(1)));
    }

    #[test]
    fn a_building_shot_to_nothing_is_destroyed_in_the_same_line() {
        let mut s = position(
            1,
            &[
                (1, 87, "rover p1"),
                (1, 91, "factory p2 hp 1"),
                (1, 61, "rover p2"),
            ],
            &[6],
        );
        let v = said(
            &mut s,
            Command::Shoot {
                from: loc(1, 87),
                to: FaceId::new(91).unwrap(),
                target: PieceKind::Building,
            },
        );
        assert_eq!(
            texts(&v),
            ["Your rover on space 87 shoots AI 2's Factory on HQ 91 (hits automatically): to wound 6 (needs 3+) — destroyed!"]
        );
        assert_eq!(v[0].tone, Tone::Major);
    }

    #[test]
    fn a_planet_breaking_apart_is_one_line_and_the_game_goes_on() {
        // A Drill Cannon on planet 1 aimed at an empty space; fire count 2 -> 3; 1 + 1 < 3.
        let mut s = position(
            2,
            &[
                (1, 91, "drill_cannon p1"),
                (1, 87, "rover p1"),
                (1, 61, "rover p3"),
                (2, 61, "rover p2"),
                (2, 46, "rover p3"),
            ],
            &[1, 1],
        );
        s.actions = 1;
        s.planets[0].fired = 2;
        s.players[0].drill = Drill::Aimed(FaceId::new(40).unwrap());
        s.orbit.push(crate::globetrotter::OrbitRover {
            owner: PlayerId(0),
            hp: 5,
        });
        let v = said(&mut s, Command::Fire);
        let t = texts(&v);
        assert_eq!(
            t[0],
            "Your Drill Cannon fires at space 40 on planet 1 (shot 3 on this planet): nothing stands there."
        );
        assert_eq!(
            t[1],
            "Planet 1 breaks apart (1 + 1 is less than 3): 3 pieces are lost with it!"
        );
        assert_eq!(v[1].tone, Tone::Major);
        // The turn passes on: a separator for the next player.
        assert_eq!(t[2], "Turn 2 · AI 2");
        assert_eq!(v[2].tone, Tone::Turn);
        assert_eq!(t.len(), 3, "{t:?}");
    }

    #[test]
    fn announced_commands_read_in_plain_words() {
        let mut s = position(1, &[(1, 87, "rover p2"), (1, 78, "rover p1")], &[]);
        s.active = PlayerId(1);
        let n = names();
        let shoot = Command::Shoot {
            from: loc(1, 87),
            to: FaceId::new(78).unwrap(),
            target: PieceKind::Rover,
        };
        assert_eq!(
            command(&s, &shoot, &n),
            "shoot your rover on space 78 from space 87"
        );
        let mv = Command::Move {
            from: loc(1, 87),
            to: FaceId::new(91).unwrap(),
            side: None,
        };
        assert_eq!(command(&s, &mv, &n), "move the rover on space 87 to HQ 91");
        let build = Command::Build {
            at: loc(1, 91),
            kind: Structure::SpacePort,
            exit: Some(crate::globetrotter::Exit {
                to: FaceId::new(87).unwrap(),
                side: None,
            }),
        };
        assert_eq!(
            command(&s, &build, &n),
            "build a Space Port on HQ 91, the rover moving out to space 87"
        );
        assert_eq!(command(&s, &Command::Pass, &n), "end the turn");
    }

    #[test]
    fn setup_and_a_build_with_its_exit() {
        // The roll-off, who goes first and a placement, from a fresh game.
        let (mut s, ev) = crate::globetrotter::new_game(Config::default(), 3).unwrap();
        let n = Names {
            seats: vec!["You".into(), "AI 2".into()],
            you: Some(PlayerId(0)),
        };
        let v = describe(&s, &ev, &n);
        assert!(
            v.iter().any(|e| e.public.ends_with(" first.")),
            "{:?}",
            texts(&v)
        );
        let place_cmd = crate::globetrotter::legal_commands(&s)[0];
        let before = s.clone();
        let ev = apply(&mut s, place_cmd);
        let v = describe(&before, &ev, &n);
        assert!(
            v[0].public.contains("a first rover on HQ "),
            "{:?}",
            texts(&v)
        );

        // The free move out, the fortification on the HQ given up, and the building.
        let mut s = position(
            1,
            &[
                (1, 91, "rover p1, fort p1"),
                (1, 86, "fort p1"),
                (1, 87, "fort p1"),
                (1, 88, "fort p1"),
                (1, 89, "fort p1"),
                (1, 90, "fort p1"),
                (1, 61, "rover p2"),
                (1, 50, "rover p3"),
            ],
            &[],
        );
        let v = said(
            &mut s,
            Command::Build {
                at: loc(1, 91),
                kind: Structure::Factory,
                exit: Some(crate::globetrotter::Exit {
                    to: FaceId::new(87).unwrap(),
                    side: None,
                }),
            },
        );
        assert_eq!(
            texts(&v),
            [
                "Your rover moves from HQ 91 to space 87.",
                "You build a Factory on HQ 91."
            ]
        );
    }
}
