//! Full positions in scenario files: every planet's pieces, hit points, structures and their
//! state, the orbit, each player's Treasury and Drill Cannon, and the turn. Read as a scenario
//! setup and written as the `scenario run` output, so a printed state can be pasted back.
//!
//! A space is written as a comma-separated list of pieces:
//! `rover pN [hp H] [facing E]`, `fort pN`, `KIND pN [hp H]` (KIND: `space_port`, `factory`,
//! `drill_cannon`, `treasury`). Hit points default to 5; a facing is written only with the
//! facing variant (default 0). An orbit rover is `pN [hp H]`. A drill state is `idle`, `ready`
//! or `aim F` (a face of the cannon's planet).
use super::notation::{format_outcome, parse_player};
use super::state::{
    Building, Config, Drill, Loc, OrbitRover, Phase, PlanetId, Rover, Space, State, Structure,
    MAX_HP, TREASURY_CAP,
};
use crate::globe::{Board, FaceId};
use crate::ids::PlayerId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

fn one() -> u16 {
    1
}
fn one_u8() -> u8 {
    1
}
fn idle() -> String {
    "idle".into()
}
fn play() -> String {
    "play".into()
}

/// One player's counters.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerPos {
    #[serde(default)]
    pub lost: bool,
    #[serde(default)]
    pub treasury: u8,
    #[serde(default = "idle")]
    pub drill: String,
}

/// One planet.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlanetPos {
    #[serde(default)]
    pub destroyed: bool,
    /// Times a Drill Cannon has fired here.
    #[serde(default)]
    pub fired: u8,
    /// Occupied spaces by face id.
    #[serde(default)]
    pub spaces: BTreeMap<u8, String>,
}

/// A whole position. Every field has a default, so a setup lists only what it needs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// `play` (positions are always in play; printed for information).
    #[serde(default = "play")]
    pub phase: String,
    /// The player to act; `p1` by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active: Option<String>,
    /// The first player; the active player by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<String>,
    #[serde(default = "one")]
    pub turn: u16,
    /// Action points left this turn.
    #[serde(default = "one_u8")]
    pub actions: u8,
    /// Treasury points were spent this turn.
    #[serde(default)]
    pub spent: bool,
    /// Printed only (`ongoing`, `draw`, `winner pN`); a setup must leave it out or say ongoing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<String>,
    /// In seat order; missing players have the defaults.
    #[serde(default)]
    pub players: Vec<PlayerPos>,
    /// One entry per planet; missing planets are empty.
    #[serde(default)]
    pub planets: Vec<PlanetPos>,
    #[serde(default)]
    pub orbit: Vec<String>,
}

/// Parses `pN [hp H] [facing E]`-style tails: the owner and the optional numbers.
fn owner_hp_facing(words: &[&str], what: &str) -> Result<(PlayerId, u8, Option<u8>), String> {
    let (&p, rest) = words
        .split_first()
        .ok_or_else(|| format!("`{what}` needs an owner (p1, p2, …)"))?;
    let owner = parse_player(p).map_err(|e| e.to_string())?;
    let (mut hp, mut facing) = (MAX_HP, None);
    let mut it = rest.iter();
    while let Some(&k) = it.next() {
        let v = it
            .next()
            .and_then(|v| v.parse::<u8>().ok())
            .ok_or_else(|| format!("`{what}`: `{k}` needs a number"))?;
        match k {
            "hp" if !(1..=MAX_HP).contains(&v) => {
                return Err(format!("`{what}`: hp {v} is not 1 to {MAX_HP}"))
            }
            "hp" => hp = v,
            "facing" => facing = Some(v),
            _ => return Err(format!("`{what}`: unknown `{k}` (hp, facing)")),
        }
    }
    Ok((owner, hp, facing))
}

/// Parses one space's text.
pub fn parse_space(text: &str) -> Result<Space, String> {
    let mut s = Space::default();
    for piece in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let words: Vec<&str> = piece.split_whitespace().collect();
        let (&kind, rest) = words.split_first().ok_or("empty piece")?;
        let (owner, hp, facing) = owner_hp_facing(rest, piece)?;
        match kind {
            "rover" if s.rover.is_none() => {
                s.rover = Some(Rover {
                    owner,
                    hp,
                    facing: facing.unwrap_or(0),
                })
            }
            "fort" if s.fort.is_none() && hp == MAX_HP && facing.is_none() => s.fort = Some(owner),
            k => match Structure::from_name(k) {
                Some(kind) if s.building.is_none() && facing.is_none() => {
                    s.building = Some(Building { owner, kind, hp })
                }
                _ => {
                    return Err(format!(
                        "`{piece}`: not a piece, or a second one of its kind"
                    ))
                }
            },
        }
    }
    Ok(s)
}

/// Writes one space's text (rover, fortification, building).
pub fn format_space(s: &Space, with_facing: bool) -> String {
    let hp = |h: u8| {
        if h == MAX_HP {
            String::new()
        } else {
            format!(" hp {h}")
        }
    };
    let mut parts = Vec::new();
    if let Some(r) = s.rover {
        let f = if with_facing {
            format!(" facing {}", r.facing)
        } else {
            String::new()
        };
        parts.push(format!("rover {}{}{f}", r.owner, hp(r.hp)));
    }
    if let Some(o) = s.fort {
        parts.push(format!("fort {o}"));
    }
    if let Some(b) = s.building {
        parts.push(format!("{} {}{}", b.kind.name(), b.owner, hp(b.hp)));
    }
    parts.join(", ")
}

fn parse_drill(t: &str) -> Result<Drill, String> {
    let w: Vec<&str> = t.split_whitespace().collect();
    match w.as_slice() {
        ["idle"] => Ok(Drill::Idle),
        ["ready"] => Ok(Drill::Ready),
        ["aim", f] => f
            .parse::<u8>()
            .ok()
            .and_then(FaceId::new)
            .map(Drill::Aimed)
            .ok_or_else(|| format!("drill `{t}`: `{f}` is not a space")),
        _ => Err(format!("drill `{t}`: expected idle, ready or aim F")),
    }
}

fn format_drill(d: Drill) -> String {
    match d {
        Drill::Idle => "idle".into(),
        Drill::Ready => "ready".into(),
        Drill::Aimed(f) => format!("aim {f}"),
    }
}

impl Position {
    /// Builds the state on `config` (already checked), listing every problem found.
    pub fn to_state(&self, config: Config, seed: u64) -> Result<State, Vec<String>> {
        let mut errs = Vec::new();
        let mut s = State::empty(config, seed);
        s.phase = Phase::Play;
        if self.phase != "play" {
            errs.push(format!(
                "phase `{}`: a position is always in play",
                self.phase
            ));
        }
        if self.outcome.as_deref().is_some_and(|o| o != "ongoing") {
            errs.push("outcome: a position must be ongoing".into());
        }
        let player = |t: &Option<String>, errs: &mut Vec<String>| -> Option<PlayerId> {
            let p = parse_player(t.as_deref()?)
                .map_err(|e| errs.push(e.to_string()))
                .ok()?;
            if p.0 >= config.players {
                errs.push(format!("{p} is not at this table"));
                return None;
            }
            Some(p)
        };
        s.active = player(&self.active, &mut errs).unwrap_or(PlayerId(0));
        s.first_player = player(&self.first, &mut errs).unwrap_or(s.active);
        s.turn = self.turn;
        s.actions = self.actions;
        s.spent = self.spent;
        if self.turn == 0 || self.actions == 0 {
            errs.push("turn and actions start at 1".into());
        }
        // A turn has its own point plus at most a full Treasury spent (G8, G9).
        let most = 1 + TREASURY_CAP;
        if self.actions > most {
            errs.push(format!(
                "actions: {} is more than a turn can hold (1 + {TREASURY_CAP} from the \
                 Treasury = {most}) (G9)",
                self.actions
            ));
        }
        if self.turn > config.turn_limit {
            errs.push(format!(
                "turn: {} is above the turn limit {} (G10)",
                self.turn, config.turn_limit
            ));
        }
        if self.players.len() > config.players as usize {
            errs.push(format!("{} players listed", self.players.len()));
        }
        for (i, pp) in self
            .players
            .iter()
            .enumerate()
            .take(config.players as usize)
        {
            let ps = &mut s.players[i];
            ps.lost = pp.lost;
            ps.treasury = pp.treasury;
            if pp.treasury > TREASURY_CAP {
                errs.push(format!(
                    "p{}: treasury: {} is above the Treasury's {TREASURY_CAP} points (G8)",
                    i + 1,
                    pp.treasury
                ));
            }
            match parse_drill(&pp.drill) {
                Ok(d) => ps.drill = d,
                Err(e) => errs.push(format!("p{}: {e}", i + 1)),
            }
        }
        if self.planets.len() > config.planets as usize {
            errs.push(format!(
                "{} planets listed, the table has {}",
                self.planets.len(),
                config.planets
            ));
        }
        for (i, pp) in self
            .planets
            .iter()
            .enumerate()
            .take(config.planets as usize)
        {
            let planet = PlanetId(i as u8);
            s.planets[i].destroyed = pp.destroyed;
            s.planets[i].fired = pp.fired;
            for (&f, text) in &pp.spaces {
                let Some(face) = FaceId::new(f) else {
                    errs.push(format!("planet {planet}: space {f} does not exist"));
                    continue;
                };
                match parse_space(text) {
                    Ok(sp) => *s.space_mut(Loc::new(planet, face)) = sp,
                    Err(e) => errs.push(format!("{}: {e}", Loc::new(planet, face))),
                }
            }
        }
        for text in &self.orbit {
            let w: Vec<&str> = text.split_whitespace().collect();
            match owner_hp_facing(&w, text) {
                Ok((owner, hp, None)) => s.orbit.push(OrbitRover { owner, hp }),
                Ok(_) => errs.push(format!("orbit `{text}`: rovers in orbit have no facing")),
                Err(e) => errs.push(format!("orbit: {e}")),
            }
        }
        if !errs.is_empty() {
            return Err(errs);
        }
        errs.extend(s.invariant_violations());
        for p in s.player_ids() {
            if !s.has_lost(p) && !super::outcome::is_alive(&s, p) {
                errs.push(format!(
                    "{p} has no rover and no Factory (G10): mark them `lost: true`"
                ));
            }
        }
        if errs.is_empty() {
            Ok(s)
        } else {
            Err(errs)
        }
    }

    /// The position of a state, as printed by `scenario run`.
    pub fn from_state(s: &State) -> Position {
        let planets = s
            .planet_ids()
            .map(|p| PlanetPos {
                destroyed: s.planet(p).destroyed,
                fired: s.planet(p).fired,
                spaces: Board::get()
                    .spaces()
                    .iter()
                    .filter(|f| !s.space(Loc::new(p, **f)).is_empty())
                    .map(|&f| {
                        let sp = s.space(Loc::new(p, f));
                        (f.get(), format_space(sp, s.config.facing))
                    })
                    .collect(),
            })
            .collect();
        Position {
            phase: match s.phase {
                Phase::Setup => "setup".into(),
                Phase::Play => "play".into(),
            },
            active: Some(s.active.to_string()),
            first: Some(s.first_player.to_string()),
            turn: s.turn,
            actions: s.actions,
            spent: s.spent,
            outcome: Some(format_outcome(s.outcome)),
            players: s
                .players
                .iter()
                .map(|p| PlayerPos {
                    lost: p.lost,
                    treasury: p.treasury,
                    drill: format_drill(p.drill),
                })
                .collect(),
            planets,
            orbit: s
                .orbit
                .iter()
                .map(|r| {
                    if r.hp == MAX_HP {
                        r.owner.to_string()
                    } else {
                        format!("{} hp {}", r.owner, r.hp)
                    }
                })
                .collect(),
        }
    }
}
