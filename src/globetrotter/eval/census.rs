//! One pass over the table for the evaluation: what each player has where ([`Census`]) and
//! every piece of a player still in, planet by planet, as sets of faces ([`Spots`]). The
//! evaluation runs for every candidate move of every greedy playout step, so the pass
//! allocates once, and "the nearest enemy" or "the enemies in range" are a few bit operations
//! against the distance balls of [`crate::globe::Distances::ball`].
use super::PLAYERS;
use crate::globe::FaceId;
use crate::globetrotter::state::{Loc, State, Structure};
use crate::ids::PlayerId;

/// What each player has where.
pub(super) struct Census {
    /// Planets (bits) where the player has a rover.
    pub rovers_on: [u16; PLAYERS],
    /// Planets (bits) where the player has a rover or a building (something to attack).
    pub present_on: [u16; PLAYERS],
    /// The player's buildings by kind (at most one of each, G7).
    pub owned: [[Option<Loc>; 4]; PLAYERS],
    /// Rovers in orbit per player.
    pub in_orbit: [u8; PLAYERS],
    /// Rovers per player, on planets and in orbit.
    pub rovers: [u8; PLAYERS],
    /// Hit points of each player's rovers, on planets and in orbit.
    pub life: [u8; PLAYERS],
}

/// What a piece is: the index of its face set in [`PlanetSpots`].
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Rover,
    Building,
    Fort,
}

/// The pieces of players still in the game on one planet, as sets of faces (bit `f` for face
/// `f`), one per kind (a space holds at most one piece of each kind).
#[derive(Clone, Copy, Default)]
pub(super) struct PlanetSpots {
    all: [u128; 3],
    own: [[u128; 3]; PLAYERS],
    /// Every occupied space, also those holding only pieces of players who have lost.
    pub occupied: u128,
}

impl PlanetSpots {
    /// The faces with a piece of kind `k` of player `p`.
    pub fn of(&self, p: PlayerId, k: Kind) -> u128 {
        self.own.get(p.index()).map_or(0, |o| o[k as usize])
    }

    /// The faces with a piece of kind `k` of anyone but `p`.
    pub fn enemy(&self, p: PlayerId, k: Kind) -> u128 {
        self.all[k as usize] & !self.of(p, k)
    }

    /// The faces with a rover or building of anyone but `p`: what `p` can attack.
    pub fn enemy_targets(&self, p: PlayerId) -> u128 {
        self.enemy(p, Kind::Rover) | self.enemy(p, Kind::Building)
    }

    /// The pieces of anyone but `p` on the faces of `set`. Counted bit by bit: these sets hold
    /// a few pieces, and without the POPCNT instruction (not in the baseline x86-64 target)
    /// `count_ones` on 128 bits is a software routine.
    pub fn enemies_within(&self, p: PlayerId, set: u128) -> u32 {
        [Kind::Rover, Kind::Building, Kind::Fort]
            .iter()
            .map(|&k| faces(self.enemy(p, k) & set).count() as u32)
            .sum()
    }

    fn add(&mut self, owner: PlayerId, face: FaceId, k: Kind) {
        let bit = 1u128 << face.index();
        self.all[k as usize] |= bit;
        if let Some(o) = self.own.get_mut(owner.index()) {
            o[k as usize] |= bit;
        }
    }
}

/// The pieces of players still in the game, planet by planet.
pub(super) struct Spots {
    planets: Vec<PlanetSpots>,
}

impl Spots {
    /// The pieces on planet `i` (none beyond the table).
    pub fn on(&self, i: usize) -> &PlanetSpots {
        const NONE: PlanetSpots = PlanetSpots {
            all: [0; 3],
            own: [[0; 3]; PLAYERS],
            occupied: 0,
        };
        self.planets.get(i).unwrap_or(&NONE)
    }
}

/// The faces in a set of faces, in increasing id order.
pub(super) fn faces(mut set: u128) -> impl Iterator<Item = FaceId> {
    std::iter::from_fn(move || {
        while set != 0 {
            let f = set.trailing_zeros() as u8;
            set &= set - 1;
            if let Some(id) = FaceId::new(f) {
                return Some(id);
            }
        }
        None
    })
}

/// The census and the pieces of `s`, in one pass over its occupied spaces.
pub(super) fn census(s: &State) -> (Census, Spots) {
    let mut c = Census {
        rovers_on: [0; PLAYERS],
        present_on: [0; PLAYERS],
        owned: [[None; 4]; PLAYERS],
        in_orbit: [0; PLAYERS],
        rovers: [0; PLAYERS],
        life: [0; PLAYERS],
    };
    for r in &s.orbit {
        if let Some(i) = slot(r.owner) {
            c.life[i] = c.life[i].saturating_add(r.hp);
            c.in_orbit[i] += 1;
            c.rovers[i] += 1;
        }
    }
    let mut spots = Spots {
        planets: vec![PlanetSpots::default(); s.config.planets.into()],
    };
    for (at, sp) in s.occupied() {
        let pi = at.planet.index();
        let bit = 1u16 << pi.min(15);
        if let Some(ps) = spots.planets.get_mut(pi) {
            ps.occupied |= 1u128 << at.face.index();
        }
        let mut push = |owner: PlayerId, kind: Kind| {
            if !s.has_lost(owner) {
                if let Some(ps) = spots.planets.get_mut(pi) {
                    ps.add(owner, at.face, kind);
                }
            }
        };
        if let Some(r) = sp.rover {
            if let Some(i) = slot(r.owner) {
                c.rovers[i] = c.rovers[i].saturating_add(1);
                c.life[i] = c.life[i].saturating_add(r.hp);
                c.rovers_on[i] |= bit;
                c.present_on[i] |= bit;
            }
            push(r.owner, Kind::Rover);
        }
        if let Some(b) = sp.building {
            if let Some(i) = slot(b.owner) {
                c.present_on[i] |= bit;
                c.owned[i][b.kind as usize] = Some(at);
            }
            push(b.owner, Kind::Building);
        }
        if let Some(o) = sp.fort {
            push(o, Kind::Fort);
        }
    }
    (c, spots)
}

/// The census index of `p`, if the tables hold it.
fn slot(p: PlayerId) -> Option<usize> {
    Some(p.index()).filter(|&i| i < PLAYERS)
}

impl Census {
    /// The building of kind `k` that `p` owns.
    pub fn building(&self, p: PlayerId, k: Structure) -> Option<Loc> {
        slot(p).and_then(|i| self.owned[i][k as usize])
    }
}
