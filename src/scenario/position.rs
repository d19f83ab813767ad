//! Full positions: every card of every player by zone, with damage, delta-vee, tapped state,
//! upgrades, projects and debris. Read as a scenario setup and written as the `scenario run`
//! output, so a printed state can be pasted back as a setup.
use super::handles::Handles;
use super::notation::parse_player;
use crate::core::NotationError;
use crate::data::CardDb;
use crate::data::CardKind;
use crate::ids::{CardRef, PlayerId};
use crate::state::{flag, Inst, Outcome, Phase, State, Zone, MAX_CARDS, MAX_PLAYERS, NONE};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A card in hand, deck or out of the game: just its id, or `{card, as}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum CardEntry {
    Id(String),
    Named {
        card: String,
        #[serde(rename = "as")]
        handle: String,
    },
}

impl CardEntry {
    fn parts(&self) -> (&str, Option<&str>) {
        match self {
            CardEntry::Id(c) => (c, None),
            CardEntry::Named { card, handle } => (card, Some(handle)),
        }
    }
}

fn is_zero(v: &u8) -> bool {
    *v == 0
}
fn is_false(v: &bool) -> bool {
    !*v
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UpgradePos {
    pub card: String,
    #[serde(rename = "as", default, skip_serializing_if = "Option::is_none")]
    pub handle: Option<String>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub damage: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProjectPos {
    pub card: String,
    #[serde(rename = "as", default, skip_serializing_if = "Option::is_none")]
    pub handle: Option<String>,
    #[serde(default)]
    pub points: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AssetPos {
    pub card: String,
    #[serde(rename = "as", default, skip_serializing_if = "Option::is_none")]
    pub handle: Option<String>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub damage: u8,
    #[serde(default, skip_serializing_if = "is_false")]
    pub tapped: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub destroyed: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upgrade: Option<UpgradePos>,
    /// Spacecraft and upgrade projects on this asset.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub projects: Vec<ProjectPos>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShipPos {
    pub card: String,
    #[serde(rename = "as", default, skip_serializing_if = "Option::is_none")]
    pub handle: Option<String>,
    /// Handle of the asset orbited.
    pub at: String,
    #[serde(default)]
    pub orbital: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub damage: u8,
    /// Current delta-vee; full when omitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delta_vee: Option<u8>,
    /// Entered play this turn (O9).
    #[serde(default, skip_serializing_if = "is_false")]
    pub fresh: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DebrisPos {
    pub card: String,
    #[serde(rename = "as", default, skip_serializing_if = "Option::is_none")]
    pub handle: Option<String>,
    pub at: String,
    #[serde(default)]
    pub orbital: u8,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerPos {
    #[serde(default)]
    pub assets: Vec<AssetPos>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ships: Vec<ShipPos>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub debris: Vec<DebrisPos>,
    #[serde(default)]
    pub hand: Vec<CardEntry>,
    /// Top card first.
    #[serde(default)]
    pub deck: Vec<CardEntry>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub asset_projects: Vec<ProjectPos>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<CardEntry>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub lost: bool,
}

fn default_phase() -> Phase {
    Phase::Maneuvers
}
fn default_counter() -> u8 {
    1
}
fn default_turn() -> u16 {
    1
}
fn default_active() -> String {
    "p1".into()
}

/// A whole table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Position {
    #[serde(default = "default_active")]
    pub active: String,
    #[serde(default = "default_phase")]
    pub phase: Phase,
    #[serde(default = "default_counter")]
    pub orbit_counter: u8,
    #[serde(default = "default_turn")]
    pub turn: u16,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_player: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<String>,
    pub players: Vec<PlayerPos>,
}

/// Builds instances for a position, resolving handles across players.
struct Build<'a> {
    db: &'a CardDb,
    s: State,
    h: Handles,
    errors: Vec<String>,
    /// (ship-or-debris ref, asset handle) to resolve once all assets exist.
    links: Vec<(CardRef, String)>,
}

impl Build<'_> {
    fn add(
        &mut self,
        p: PlayerId,
        card: &str,
        handle: Option<&str>,
        zone: Zone,
    ) -> Option<CardRef> {
        let Some(id) = self.db.lookup(card) else {
            self.errors.push(format!("{p}: unknown card `{card}`"));
            return None;
        };
        if self.s.cards.len() >= MAX_CARDS {
            if self.s.cards.len() == MAX_CARDS {
                self.errors.push(format!(
                    "players: more than {MAX_CARDS} cards in the position (O29)"
                ));
                self.s.cards.push(Inst::new(id, p, zone));
            }
            return None;
        }
        let r = CardRef(self.s.cards.len() as u8);
        let k = self.s.cards.iter().filter(|c| c.owner == p).count();
        self.s.cards.push(Inst::new(id, p, zone));
        let name = handle
            .map(str::to_string)
            .unwrap_or_else(|| format!("{p}.{k}"));
        if self.h.contains(&name) {
            self.errors.push(format!("handle `{name}` is used twice"));
        }
        self.h.set(r, name);
        let kind_ok = match zone {
            Zone::Ship | Zone::Debris => self.db.card(id).ship().is_some(),
            Zone::Asset => self.db.card(id).asset().is_some(),
            Zone::Upgrade => self.db.card(id).upgrade().is_some(),
            _ => true,
        };
        if !kind_ok {
            self.errors
                .push(format!("{p}: card `{card}` cannot be in zone {zone:?}"));
        }
        Some(r)
    }
}

impl Build<'_> {
    /// A project must be a card that can be built where it lies (O21): an asset project is a
    /// non-homeworld asset card; a project on an asset is a spacecraft the asset has a factory
    /// for, or an upgrade. Only a finished spacecraft waiting for population (O22) may hold its
    /// full cost in points.
    fn check_project(&mut self, r: CardRef) {
        let inst = *self.s.inst(r);
        let card = self.s.card_of(r);
        let name = self.h.name(r);
        let problem = match (&card.kind, inst.host) {
            (CardKind::Asset(a), NONE) if a.homeworld => {
                Some("a homeworld is never built (O2): it cannot be a project".to_string())
            }
            (CardKind::Asset(_), NONE) => None,
            (_, NONE) => Some(format!(
                "`{}` is a {}: `asset_projects` holds asset cards only (O21); put it under the \
                 `projects` of the asset that builds it",
                card.id,
                card.kind_name()
            )),
            (CardKind::Asset(_), _) => Some(format!(
                "`{}` is an asset: asset projects go in `asset_projects` (O21)",
                card.id
            )),
            // The host is the asset being built, checked for a factory below.
            (CardKind::Spacecraft(sh), h) => {
                let host = self.s.card_of(CardRef(h));
                match host.asset() {
                    Some(a) if a.has_factory(sh.class) => None,
                    _ => Some(format!(
                        "`{}` needs a {:?} factory, which `{}` does not have (O21)",
                        card.id, sh.class, host.id
                    )),
                }
            }
            (CardKind::Upgrade(_), _) => None,
        };
        let cost = card.construction_cost;
        let points = if card.ship().is_none() && inst.points >= cost {
            Some(format!(
                "points {} must be below the construction cost {cost}: a finished {} is in play, \
                 not a project (O21)",
                inst.points,
                card.kind_name()
            ))
        } else {
            None
        };
        for p in problem.into_iter().chain(points) {
            self.errors.push(format!("`{name}`: {p}"));
        }
    }

    /// Checks that need the whole table: damage below armor or resistance (O13, O15), delta-vee
    /// within the maximum, one homeworld per player and only in play (O2), not every player
    /// lost, the active player still in the game, and the engine's own invariants.
    fn check_table(&mut self) {
        let s = &self.s;
        let mut homeworlds = vec![0usize; s.num_players as usize];
        for (r, c) in s.refs() {
            let card = s.card_of(r);
            let name = self.h.name(r);
            if card.asset().is_some_and(|a| a.homeworld) {
                if let Some(n) = homeworlds.get_mut(c.owner.index()) {
                    *n += 1;
                }
                if c.zone != Zone::Asset {
                    self.errors.push(format!(
                        "`{name}`: a homeworld is only ever in play (O2), not in {:?}",
                        c.zone
                    ));
                }
            }
            match c.zone {
                Zone::Ship if c.host != NONE => {
                    let (armor, max) = (s.armor(r), s.max_dv(r));
                    if c.damage >= armor {
                        self.errors.push(format!(
                            "`{name}`: damage {} must be below its armor {armor} (O13): such a \
                             ship is destroyed",
                            c.damage
                        ));
                    }
                    if c.dv > max {
                        self.errors.push(format!(
                            "`{name}`: delta_vee {} is above its maximum {max}",
                            c.dv
                        ));
                    }
                }
                Zone::Asset | Zone::Upgrade if !c.has(flag::DESTROYED) => {
                    let res = s.resistance(r);
                    if c.damage >= res {
                        self.errors.push(format!(
                            "`{name}`: damage {} must be below its bombardment resistance {res} \
                             (O15), or mark it `destroyed: true`",
                            c.damage
                        ));
                    }
                }
                _ => {}
            }
        }
        for (i, n) in homeworlds.iter().enumerate() {
            if *n > 1 {
                self.errors.push(format!(
                    "players[{i}]: {n} homeworld cards; a player has exactly one (O2)"
                ));
            }
        }
        let everyone = (1u16 << s.num_players) - 1;
        if u16::from(s.lost) == everyone {
            self.errors
                .push("lost: every player has lost; at least one must still play".into());
        } else if s.has_lost(s.active) {
            self.errors.push(format!(
                "active: {} has lost and cannot be active",
                s.active
            ));
        }
        if self.errors.is_empty() {
            for v in s.invariant_violations() {
                self.errors.push(format!("impossible position: {v}"));
            }
        }
    }
}

impl Position {
    /// Builds the state and handles described by this position.
    pub fn to_state(&self, db: Arc<CardDb>, seed: u64) -> Result<(State, Handles), Vec<String>> {
        let mut b = Build {
            db: &db,
            s: State::empty(db.clone(), self.players.len() as u8, seed),
            h: Handles::default(),
            errors: Vec::new(),
            links: Vec::new(),
        };
        if self.players.is_empty() || self.players.len() > MAX_PLAYERS {
            // Nothing more can be checked: player ids are bytes (O29).
            return Err(vec![format!(
                "players: a position needs 1 to {MAX_PLAYERS} players (O1, O29), found {}",
                self.players.len()
            )]);
        }
        for (i, pp) in self.players.iter().enumerate() {
            let p = PlayerId(i as u8);
            for a in &pp.assets {
                let Some(ar) = b.add(p, &a.card, a.handle.as_deref(), Zone::Asset) else {
                    continue;
                };
                let inst = b.s.inst_mut(ar);
                inst.damage = a.damage;
                inst.set(flag::TAPPED, a.tapped);
                inst.set(flag::DESTROYED, a.destroyed);
                if let Some(u) = &a.upgrade {
                    if let Some(ur) = b.add(p, &u.card, u.handle.as_deref(), Zone::Upgrade) {
                        b.s.set_host(ur, ar.0);
                        b.s.inst_mut(ur).damage = u.damage;
                        b.s.inst_mut(ar).link = ur.0;
                    }
                }
                for pr in &a.projects {
                    if let Some(r) = b.add(p, &pr.card, pr.handle.as_deref(), Zone::Project) {
                        b.s.set_host(r, ar.0);
                        b.s.inst_mut(r).points = pr.points;
                        b.check_project(r);
                    }
                }
            }
            for sh in &pp.ships {
                if let Some(r) = b.add(p, &sh.card, sh.handle.as_deref(), Zone::Ship) {
                    let si = b.s.inst_mut(r);
                    si.orbital = sh.orbital;
                    si.damage = sh.damage;
                    si.dv = sh.delta_vee.unwrap_or(u8::MAX);
                    si.set(flag::FRESH, sh.fresh);
                    b.links.push((r, sh.at.clone()));
                }
            }
            for d in &pp.debris {
                if let Some(r) = b.add(p, &d.card, d.handle.as_deref(), Zone::Debris) {
                    b.s.inst_mut(r).orbital = d.orbital;
                    b.links.push((r, d.at.clone()));
                }
            }
            for e in &pp.hand {
                let (c, h) = e.parts();
                if let Some(r) = b.add(p, c, h, Zone::Hand) {
                    b.s.inst_mut(r).order = b.s.next_order;
                    b.s.next_order += 1;
                }
            }
            for (k, e) in pp.deck.iter().enumerate() {
                let (c, h) = e.parts();
                if let Some(r) = b.add(p, c, h, Zone::Deck) {
                    b.s.inst_mut(r).order = k as u16;
                }
            }
            for pr in &pp.asset_projects {
                if let Some(r) = b.add(p, &pr.card, pr.handle.as_deref(), Zone::Project) {
                    b.s.inst_mut(r).points = pr.points;
                    b.check_project(r);
                }
            }
            for e in &pp.removed {
                let (c, h) = e.parts();
                b.add(p, c, h, Zone::Removed);
            }
            if pp.lost {
                b.s.lost |= 1u8.checked_shl(i as u32).unwrap_or(0);
            }
        }
        let links = std::mem::take(&mut b.links);
        for (r, at) in links {
            match b.h.lookup(&at).filter(|a| b.s.inst(*a).zone == Zone::Asset) {
                Some(a) => {
                    let n = b.s.orbital_count(a);
                    let inst = b.s.inst(r);
                    if inst.orbital >= n {
                        b.errors.push(format!(
                            "`{}`: orbital {} does not exist on `{at}` ({n} orbitals)",
                            b.h.name(r),
                            inst.orbital
                        ));
                    }
                    b.s.set_host(r, a.0);
                }
                None => b.errors.push(format!(
                    "`{}`: `at: {at}` is not an asset in play",
                    b.h.name(r)
                )),
            }
        }
        // Full delta-vee where none was given.
        for i in 0..b.s.cards.len() {
            let r = CardRef(i as u8);
            if b.s.cards[i].zone == Zone::Ship && b.s.cards[i].host != NONE {
                let max = b.s.max_dv(r);
                if b.s.cards[i].dv == u8::MAX {
                    b.s.cards[i].dv = max;
                }
            }
        }
        match parse_player(&self.active) {
            Ok(p) if p.0 < b.s.num_players.max(1) => b.s.active = p,
            _ => b
                .errors
                .push(format!("active: `{}` is not a player here", self.active)),
        }
        b.s.first_player = match &self.first_player {
            Some(f) => match parse_player(f) {
                Ok(p) if p.0 < b.s.num_players => p,
                _ => {
                    b.errors
                        .push(format!("first_player: `{f}` is not a player here"));
                    b.s.active
                }
            },
            None => b.s.active,
        };
        b.s.phase = self.phase;
        if matches!(self.phase, Phase::Upkeep | Phase::EndOfTurn) {
            b.errors.push(
                "phase: a position starts in maneuvers, research, repair or construction".into(),
            );
        }
        if !(1..=4).contains(&self.orbit_counter) {
            b.errors.push("orbit_counter: must be 1 to 4 (O5)".into());
        }
        b.s.orbit_counter = self.orbit_counter;
        b.s.turn = self.turn;
        if let Some(o) = &self.outcome {
            match parse_outcome(o) {
                Ok(Outcome::Winner(w)) if w.0 >= b.s.num_players || b.s.has_lost(w) => {
                    b.errors.push(format!(
                        "outcome: `{o}`: the winner must be a player still in the game"
                    ))
                }
                Ok(outcome) => b.s.outcome = outcome,
                Err(e) => b.errors.push(format!("outcome: {e}")),
            }
        }
        b.check_table();
        if b.errors.is_empty() {
            b.s.reindex();
            Ok((b.s, b.h))
        } else {
            Err(b.errors)
        }
    }

    /// Describes a state as a position, naming cards by their handles.
    pub fn from_state(s: &State, h: &Handles) -> Position {
        let id = |r: CardRef| s.card_of(r).id.clone();
        let entry = |r: CardRef| CardEntry::Named {
            card: id(r),
            handle: h.name(r),
        };
        let players = s
            .players()
            .map(|p| PlayerPos {
                assets: s
                    .zone(p, Zone::Asset)
                    .map(|(a, c)| AssetPos {
                        card: id(a),
                        handle: Some(h.name(a)),
                        damage: c.damage,
                        tapped: c.has(flag::TAPPED),
                        destroyed: c.has(flag::DESTROYED),
                        upgrade: s.upgrade_of(a).map(|u| UpgradePos {
                            card: id(u),
                            handle: Some(h.name(u)),
                            damage: s.inst(u).damage,
                        }),
                        projects: s
                            .zone(p, Zone::Project)
                            .filter(|(_, pc)| pc.host == a.0)
                            .map(|(r, pc)| ProjectPos {
                                card: id(r),
                                handle: Some(h.name(r)),
                                points: pc.points,
                            })
                            .collect(),
                    })
                    .collect(),
                ships: s
                    .zone(p, Zone::Ship)
                    .map(|(r, c)| ShipPos {
                        card: id(r),
                        handle: Some(h.name(r)),
                        at: h.name(CardRef(c.host)),
                        orbital: c.orbital,
                        damage: c.damage,
                        delta_vee: Some(c.dv),
                        fresh: c.has(flag::FRESH),
                    })
                    .collect(),
                debris: s
                    .zone(p, Zone::Debris)
                    .map(|(r, c)| DebrisPos {
                        card: id(r),
                        handle: Some(h.name(r)),
                        at: h.name(CardRef(c.host)),
                        orbital: c.orbital,
                    })
                    .collect(),
                hand: s.ordered(p, Zone::Hand).into_iter().map(entry).collect(),
                deck: s.ordered(p, Zone::Deck).into_iter().map(entry).collect(),
                asset_projects: s
                    .zone(p, Zone::Project)
                    .filter(|(_, c)| c.host == NONE)
                    .map(|(r, c)| ProjectPos {
                        card: id(r),
                        handle: Some(h.name(r)),
                        points: c.points,
                    })
                    .collect(),
                removed: s.zone(p, Zone::Removed).map(|(r, _)| entry(r)).collect(),
                lost: s.has_lost(p),
            })
            .collect();
        Position {
            active: s.active.to_string(),
            phase: s.phase,
            orbit_counter: s.orbit_counter,
            turn: s.turn,
            first_player: Some(s.first_player.to_string()),
            outcome: Some(super::notation::format_outcome(s.outcome)),
            players,
        }
    }
}

/// Parses `ongoing`, `draw` or `winner p1`.
pub fn parse_outcome(o: &str) -> Result<Outcome, NotationError> {
    let w: Vec<&str> = o.split_whitespace().collect();
    match w.as_slice() {
        ["ongoing"] => Ok(Outcome::Ongoing),
        ["draw"] => Ok(Outcome::Draw),
        ["winner", p] => parse_player(p).map(Outcome::Winner),
        _ => Err(NotationError::not_a(
            o,
            "an outcome (ongoing, draw, winner pN)",
        )),
    }
}
