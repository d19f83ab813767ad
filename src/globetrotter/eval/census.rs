//! One pass over the table for the evaluation: what each player has where ([`Census`]) and
//! every piece of a player still in, planet by planet ([`Spots`]). The evaluation runs for
//! every candidate move of every greedy playout step, so the pass allocates once and the
//! loops over a planet's pieces read one compact slice.
use super::{PLANETS, PLAYERS};
use crate::globe::{FaceId, FACE_COUNT};
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

/// What a piece is.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Rover,
    Building,
    Fort,
}

/// One piece on a planet.
#[derive(Clone, Copy)]
pub(super) struct Piece {
    pub owner: PlayerId,
    pub face: FaceId,
    pub kind: Kind,
}

impl Piece {
    /// Rovers and buildings can be attacked and keep a player in the game (G10).
    pub fn is_target(&self) -> bool {
        self.kind != Kind::Fort
    }
}

/// No piece in a [`Slots`] entry.
pub(super) const NOBODY: u8 = u8::MAX;

/// The owners of the pieces on each space of a planet, indexed by face id: rover, building,
/// fortification ([`NOBODY`] where there is none).
pub(super) type Slots = [[u8; 3]; FACE_COUNT];

/// The pieces of players still in the game, planet by planet, each planet's in board order
/// (rover, building, fortification of a space in that order).
pub(super) struct Spots {
    pieces: Vec<Piece>,
    /// Where each planet's pieces start in `pieces`; the next planet's start ends them.
    start: [u16; PLANETS + 1],
    /// Each planet's pieces by space.
    slots: Vec<Slots>,
    /// Each planet's rovers by owner, as sets of faces (bit `f` for face `f`).
    rovers: Vec<[u128; PLAYERS]>,
    /// Each planet's spaces with a piece, as a set of faces.
    taken: Vec<u128>,
}

impl Spots {
    /// The pieces on planet `i` (none for planets beyond the table).
    pub fn on(&self, i: usize) -> &[Piece] {
        match (self.start.get(i), self.start.get(i + 1)) {
            (Some(&a), Some(&b)) => &self.pieces[usize::from(a)..usize::from(b)],
            _ => &[],
        }
    }

    /// The pieces on planet `i` by space (all empty beyond the table).
    pub fn slots(&self, i: usize) -> &Slots {
        const EMPTY: Slots = [[NOBODY; 3]; FACE_COUNT];
        self.slots.get(i).unwrap_or(&EMPTY)
    }

    /// The faces of planet `i` with a piece.
    pub fn taken(&self, i: usize) -> u128 {
        self.taken.get(i).copied().unwrap_or(0)
    }

    /// The faces of planet `i` where `p` has a rover.
    pub fn rovers(&self, i: usize, p: PlayerId) -> u128 {
        self.rovers
            .get(i)
            .and_then(|r| r.get(p.index()))
            .copied()
            .unwrap_or(0)
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
        pieces: Vec::with_capacity(64),
        start: [0; PLANETS + 1],
        slots: vec![[[NOBODY; 3]; FACE_COUNT]; s.config.planets.into()],
        rovers: vec![[0; PLAYERS]; s.config.planets.into()],
        taken: vec![0; s.config.planets.into()],
    };
    let alive = |p: PlayerId| !s.has_lost(p);
    let mut planet = 0;
    for (at, sp) in s.occupied() {
        let pi = at.planet.index();
        if pi >= PLANETS {
            break;
        }
        while planet < pi {
            planet += 1;
            spots.start[planet] = spots.pieces.len() as u16;
        }
        let bit = 1u16 << pi.min(15);
        let mut push = |owner: PlayerId, kind: Kind| {
            if alive(owner) {
                spots.pieces.push(Piece {
                    owner,
                    face: at.face,
                    kind,
                });
                if let Some(sl) = spots.slots.get_mut(pi) {
                    sl[at.face.index()][kind as usize] = owner.0;
                }
                if let Some(x) = spots.taken.get_mut(pi) {
                    *x |= 1u128 << at.face.index();
                }
                if kind == Kind::Rover {
                    if let Some(r) = spots.rovers.get_mut(pi).and_then(|r| r.get_mut(owner.index())) {
                        *r |= 1u128 << at.face.index();
                    }
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
    while planet < PLANETS {
        planet += 1;
        spots.start[planet] = spots.pieces.len() as u16;
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
