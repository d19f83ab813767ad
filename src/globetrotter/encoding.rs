//! Globetrotter's tensors for learning agents ([`Encoding`]); layout in `docs/python.md`.
//!
//! Globetrotter hides nothing but future dice, so every seat sees the whole board. Seats are
//! written relative to the looking seat (it comes first), spaces by face number (`0..92`,
//! unused faces stay zero), HQs by their place in [`Board::hqs`]. The action space is a list of
//! mixed-radix blocks ([`Blocks`]) fixed by the table (players, planets, facing variant).
use super::command::{Command, Exit};
use super::state::{
    Drill, Loc, Phase, PieceKind, PlanetId, Side, State, Structure, MAX_HP, TREASURY_CAP,
};
use crate::globe::{Board, Distances, FaceId, FACE_COUNT, MAX_RANGE};
use crate::ids::PlayerId;
use crate::kit::encode::layout::{one_hot, Blocks};
use crate::kit::encode::{Encoding, Shape};
use std::sync::OnceLock;

/// Most edges of a face (neighbours, facings).
const EDGES: usize = 6;
/// Orbit places an action can name: a descent of the rover at orbit index `i` is an action
/// for `i < MAX_ORBIT` (the orbit holds all players' rovers in arrival order).
pub const MAX_ORBIT: usize = 24;
/// Per space, besides the per-seat parts: rover hp, rover facing, building kind (4), hp.
const SPACE_FIXED: usize = 7;
/// Per seat (looking seat first): lost, to move, treasury, drill idle / ready / aimed.
const SEAT: usize = 6;
const PIECES: [PieceKind; 3] = [PieceKind::Rover, PieceKind::Fort, PieceKind::Building];

/// The most spaces within shooting range of any space (G6).
fn max_in_range() -> usize {
    static MAX: OnceLock<usize> = OnceLock::new();
    *MAX.get_or_init(|| {
        FaceId::all()
            .map(|f| Distances::get().within(f, MAX_RANGE).count())
            .max()
            .unwrap_or(0)
    })
}

/// The action blocks, in order.
#[derive(Clone, Copy)]
struct Layout {
    b: Blocks,
    facing: bool,
}

const PASS: usize = 0;
const SPEND: usize = 1;
const SAVE: usize = 2;
const READY: usize = 3;
const FIRE: usize = 4;
const PLACE: usize = 5;
const MOVE: usize = 6;
const TURN: usize = 7;
const FORTIFY: usize = 8;
const SHOOT: usize = 9;
const BUILD: usize = 10;
const PRODUCE: usize = 11;
const HEAL: usize = 12;
const AIM: usize = 13;
const DESCEND: usize = 14;
const DESTROY: usize = 15;

impl Layout {
    fn of(s: &State) -> Layout {
        let planets = usize::from(s.config.planets);
        let facing = s.config.facing;
        let (fr, sr) = if facing { (EDGES, 3) } else { (1, 1) };
        let (f, h, n) = (FACE_COUNT, Board::get().hqs().len(), EDGES);
        let mut b = Blocks::new();
        for _ in [PASS, SPEND, SAVE, READY, FIRE] {
            b.add(&[]);
        }
        b.add(&[planets, h, fr]);
        b.add(&[planets, f, n, sr]);
        b.add(&[planets, f, 2]);
        b.add(&[planets, f, n]);
        b.add(&[planets, f, max_in_range(), 3]);
        b.add(&[planets, h, 4, 1 + n * sr]);
        b.add(&[planets, f, fr]);
        b.add(&[planets, f]);
        b.add(&[planets, f]);
        b.add(&[MAX_ORBIT, planets, f, fr]);
        b.add(&[planets, h]);
        Layout { b, facing }
    }
}

fn hq_index(f: FaceId) -> Option<usize> {
    Board::get().hqs().iter().position(|&h| h == f)
}

fn neighbour_index(from: FaceId, to: FaceId) -> Option<usize> {
    Board::get().neighbours(from).iter().position(|&n| n == to)
}

fn side_digit(side: Option<Side>) -> usize {
    match side {
        None => 0,
        Some(Side::Left) => 1,
        Some(Side::Right) => 2,
    }
}

fn side_of(facing: bool, digit: usize) -> Option<Side> {
    match (facing, digit) {
        (true, 1) => Some(Side::Left),
        (true, 2) => Some(Side::Right),
        _ => None,
    }
}

fn rel(s: &State, seat: usize, p: PlayerId) -> usize {
    let n = s.players.len();
    (p.index() + n - seat % n.max(1)) % n.max(1)
}

fn flag(b: bool) -> f32 {
    f32::from(u8::from(b))
}

impl Encoding for State {
    fn shape(&self) -> Shape {
        let p = self.players.len();
        let planets = usize::from(self.config.planets);
        let space = 4 * p + SPACE_FIXED;
        Shape {
            observation: 4
                + p
                + p * SEAT
                + planets * 2
                + MAX_ORBIT * (p + 1)
                + planets * FACE_COUNT * space,
            actions: Layout::of(self).b.len(),
        }
    }

    fn observe(&self, seat: usize, out: &mut [f32]) {
        out.fill(0.0);
        let p = self.players.len();
        let limit = f32::from(self.config.turn_limit.max(1));
        out[0] = flag(self.phase == Phase::Setup);
        out[1] = f32::from(self.turn) / limit;
        out[2] = f32::from(self.actions) / 5.0;
        out[3] = flag(self.spent);
        let mut at = one_hot(out, 4, p, rel(self, seat, self.active));
        for k in 0..p {
            let q = PlayerId(((seat + k) % p) as u8);
            let st = self.player(q);
            let f = &mut out[at..at + SEAT];
            f[0] = flag(st.lost);
            f[1] = flag(self.active == q);
            f[2] = f32::from(st.treasury) / f32::from(TREASURY_CAP);
            f[3 + match st.drill {
                Drill::Idle => 0,
                Drill::Ready => 1,
                Drill::Aimed(_) => 2,
            }] = 1.0;
            at += SEAT;
        }
        for planet in &self.planets {
            out[at] = flag(planet.destroyed);
            out[at + 1] = f32::from(planet.fired) / 3.0;
            at += 2;
        }
        for i in 0..MAX_ORBIT {
            if let Some(r) = self.orbit.get(i) {
                out[at + rel(self, seat, r.owner)] = 1.0;
                out[at + p] = f32::from(r.hp) / f32::from(MAX_HP);
            }
            at += p + 1;
        }
        let space = 4 * p + SPACE_FIXED;
        for (i, sp) in self.spaces.iter().enumerate() {
            let f = &mut out[at + i * space..at + (i + 1) * space];
            if let Some(r) = sp.rover {
                f[rel(self, seat, r.owner)] = 1.0;
                f[4 * p] = f32::from(r.hp) / f32::from(MAX_HP);
                f[4 * p + 1] = (f32::from(r.facing) + 1.0) / EDGES as f32;
            }
            if let Some(o) = sp.fort {
                f[p + rel(self, seat, o)] = 1.0;
            }
            if let Some(b) = sp.building {
                f[2 * p + rel(self, seat, b.owner)] = 1.0;
                let kind = Structure::ALL
                    .iter()
                    .position(|&k| k == b.kind)
                    .unwrap_or(0);
                f[4 * p + 2 + kind] = 1.0;
                f[4 * p + 6] = f32::from(b.hp) / f32::from(MAX_HP);
            }
        }
        for q in self.player_ids() {
            if let (Drill::Aimed(face), Some(c)) = (
                self.player(q).drill,
                self.structure_of(q, Structure::DrillCannon),
            ) {
                let i = c.planet.index() * FACE_COUNT + face.index();
                out[at + i * space + 3 * p + rel(self, seat, q)] = 1.0;
            }
        }
    }

    fn action_index(&self, command: &Command) -> Option<usize> {
        let l = Layout::of(self);
        let b = &l.b;
        let pl = |at: Loc| at.planet.index();
        let fr = |f: Option<u8>| usize::from(f.unwrap_or(0));
        match *command {
            Command::Pass => b.index(PASS, &[]),
            Command::Spend => b.index(SPEND, &[]),
            Command::Save => b.index(SAVE, &[]),
            Command::Ready => b.index(READY, &[]),
            Command::Fire => b.index(FIRE, &[]),
            Command::Place { at, facing } => {
                b.index(PLACE, &[pl(at), hq_index(at.face)?, fr(facing)])
            }
            Command::Move { from, to, side } => b.index(
                MOVE,
                &[
                    pl(from),
                    from.face.index(),
                    neighbour_index(from.face, to)?,
                    side_digit(side),
                ],
            ),
            Command::Turn { at, side } => {
                b.index(TURN, &[pl(at), at.face.index(), side_digit(Some(side)) - 1])
            }
            Command::Fortify { from, to } => b.index(
                FORTIFY,
                &[pl(from), from.face.index(), neighbour_index(from.face, to)?],
            ),
            Command::Shoot { from, to, target } => {
                let k = Distances::get()
                    .within(from.face, MAX_RANGE)
                    .position(|(f, _)| f == to)?;
                let t = PIECES.iter().position(|&x| x == target)?;
                b.index(SHOOT, &[pl(from), from.face.index(), k, t])
            }
            Command::Build { at, kind, exit } => {
                let sr = if l.facing { 3 } else { 1 };
                let e = match exit {
                    None => 0,
                    Some(Exit { to, side }) => {
                        1 + neighbour_index(at.face, to)? * sr + side_digit(side)
                    }
                };
                let k = Structure::ALL.iter().position(|&x| x == kind)?;
                b.index(BUILD, &[pl(at), hq_index(at.face)?, k, e])
            }
            Command::Produce { at, facing } => {
                b.index(PRODUCE, &[pl(at), at.face.index(), fr(facing)])
            }
            Command::Heal { at } => b.index(HEAL, &[pl(at), at.face.index()]),
            Command::Aim { at } => b.index(AIM, &[pl(at), at.face.index()]),
            Command::Descend { rover, at, facing } => b.index(
                DESCEND,
                &[usize::from(rover), pl(at), at.face.index(), fr(facing)],
            ),
            Command::Destroy { at } => b.index(DESTROY, &[pl(at), hq_index(at.face)?]),
        }
    }

    fn command_at(&self, index: usize) -> Option<Command> {
        let l = Layout::of(self);
        let mut d = [0usize; 4];
        let block = l.b.decode(index, &mut d)?;
        let planet = PlanetId(d[0] as u8);
        let face = |i: usize| FaceId::new(u8::try_from(i).ok()?);
        let hq = |i: usize| Board::get().hqs().get(i).copied();
        let facing = |i: usize| l.facing.then_some(i as u8);
        let neighbour = |f: FaceId, i: usize| Board::get().neighbours(f).get(i).copied();
        Some(match block {
            PASS => Command::Pass,
            SPEND => Command::Spend,
            SAVE => Command::Save,
            READY => Command::Ready,
            FIRE => Command::Fire,
            PLACE => Command::Place {
                at: Loc::new(planet, hq(d[1])?),
                facing: facing(d[2]),
            },
            MOVE => {
                let from = Loc::new(planet, face(d[1])?);
                Command::Move {
                    from,
                    to: neighbour(from.face, d[2])?,
                    side: side_of(l.facing, d[3]),
                }
            }
            TURN => Command::Turn {
                at: Loc::new(planet, face(d[1])?),
                side: side_of(true, d[2] + 1)?,
            },
            FORTIFY => {
                let from = Loc::new(planet, face(d[1])?);
                Command::Fortify {
                    from,
                    to: neighbour(from.face, d[2])?,
                }
            }
            SHOOT => {
                let from = Loc::new(planet, face(d[1])?);
                let (to, _) = Distances::get().within(from.face, MAX_RANGE).nth(d[2])?;
                Command::Shoot {
                    from,
                    to,
                    target: PIECES[d[3]],
                }
            }
            BUILD => {
                let at = Loc::new(planet, hq(d[1])?);
                let sr = if l.facing { 3 } else { 1 };
                let exit = match d[3] {
                    0 => None,
                    e => Some(Exit {
                        to: neighbour(at.face, (e - 1) / sr)?,
                        side: side_of(l.facing, (e - 1) % sr),
                    }),
                };
                Command::Build {
                    at,
                    kind: Structure::ALL[d[2]],
                    exit,
                }
            }
            PRODUCE => Command::Produce {
                at: Loc::new(planet, face(d[1])?),
                facing: facing(d[2]),
            },
            HEAL => Command::Heal {
                at: Loc::new(planet, face(d[1])?),
            },
            AIM => Command::Aim {
                at: Loc::new(planet, face(d[1])?),
            },
            DESCEND => Command::Descend {
                rover: d[0] as u8,
                at: Loc::new(PlanetId(d[1] as u8), face(d[2])?),
                facing: facing(d[3]),
            },
            _ => Command::Destroy {
                at: Loc::new(planet, hq(d[1])?),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::series::GlobeTable;
    use super::super::state::Config;
    use crate::kit::encode::check_games;
    use crate::kit::series::Table;

    fn check(config: Config, seed: u64, games: u64, moves: usize) {
        let start = GlobeTable(config).start(0, &[0], seed).unwrap().state;
        check_games(&start, seed, games, moves).unwrap();
    }

    #[test]
    fn every_legal_command_round_trips_in_two_player_games() {
        check(Config::default(), 3, 2, 120);
    }

    #[test]
    fn every_legal_command_round_trips_with_facing_three_players_two_planets() {
        let config = Config {
            players: 3,
            planets: 2,
            facing: true,
            ..Config::default()
        };
        check(config, 4, 1, 80);
    }
}
