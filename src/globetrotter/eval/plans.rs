//! What a player still in the game has besides its pieces: the structure it needs next and
//! its progress towards it ([`best_progress`]), its Factory's ring ([`factory_value`]) and the
//! viewer's Drill Cannon plan ([`drill_value`]).
use super::census::{faces, Census, Kind, Spots};
use super::{crowded, rover_value, USEFUL_ROVERS};
use crate::globe::{Board, Distances, FaceId};
use crate::globetrotter::state::{Drill, Loc, PlanetId, State, Structure, MAX_HP};
use crate::ids::PlayerId;

/// What a player still in the game has besides its pieces: the Treasury's points, the Drill
/// Cannon plan (for the viewer only), progress towards the next structure it lacks, less the
/// rovers that add nothing.
pub(super) fn plans_value(s: &State, c: &Census, spots: &Spots, p: PlayerId, viewer: usize) -> f32 {
    let alive = |p: PlayerId| !s.has_lost(p);
    let ps = s.player(p);
    let mut v = 2.5 * f32::from(ps.treasury);
    if p.index() == viewer {
        v += drill_value(s, c, spots, p);
        if crowded(s) {
            v -= LATE_IN_ORBIT * f32::from(late_in_orbit(s, c, p));
        }
    }
    let owned = &c.owned[p.index()];
    let want = if owned[Structure::Factory as usize].is_none() {
        Some((Structure::Factory, FACTORY_WANT))
    } else if owned[Structure::SpacePort as usize].is_none() {
        Some((Structure::SpacePort, port_want(s, c, p)))
    } else if owned[Structure::DrillCannon as usize].is_none() {
        Some((Structure::DrillCannon, CANNON_WANT))
    } else if owned[Structure::Treasury as usize].is_none() {
        Some((Structure::Treasury, 5.0))
    } else {
        None
    };
    if let Some((kind, w)) = want {
        // A Drill Cannon is worth building only where an opponent stands (G15: it aims at
        // its own planet).
        let planets = if kind == Structure::DrillCannon {
            s.player_ids()
                .filter(|&q| q != p && alive(q))
                .fold(0u16, |m, q| m | c.present_on[q.index()])
        } else {
            u16::MAX
        };
        v += w * best_progress(s, spots, p, planets);
    }
    // Rovers beyond the fourth add nothing: more rovers give no more actions (G9), and a
    // player who keeps producing them never attacks.
    let rovers = c.rovers[p.index()];
    if rovers > USEFUL_ROVERS {
        v -= (rover_value(MAX_HP) + 1.0) * f32::from(rovers - USEFUL_ROVERS);
    }
    v
}

/// The rovers of `p` that went up into orbit after a rover of an opponent still waits there,
/// counted while one planet is left and `p` has a Space Port (it can go up again). With
/// another player's rover in orbit a break of the last planet would not take every opponent
/// (see [`drill_value`]), so two players waiting there together wait for nothing: the one who
/// came second comes down, the first one's plan goes on, and no one goes up to join it.
fn late_in_orbit(s: &State, c: &Census, p: PlayerId) -> u8 {
    if c.in_orbit[p.index()] == 0 || c.building(p, Structure::SpacePort).is_none() {
        return 0;
    }
    if s.planet_ids().filter(|x| !s.planet(*x).destroyed).count() != 1 {
        return 0;
    }
    let Some(first) = s
        .orbit
        .iter()
        .position(|r| r.owner != p && !s.has_lost(r.owner))
    else {
        return 0;
    };
    let late = s.orbit[first..].iter().filter(|r| r.owner == p).count();
    u8::try_from(late).unwrap_or(u8::MAX)
}

/// The weight of progress towards a Space Port: more when some enemy has nothing on the
/// planets where the player's rovers are (the port is the way to it).
fn port_want(s: &State, c: &Census, p: PlayerId) -> f32 {
    let enemy_elsewhere = s.player_ids().any(|q| {
        q != p && !s.has_lost(q) && (c.present_on[q.index()] & c.rovers_on[p.index()]) == 0
    });
    if enemy_elsewhere {
        18.0
    } else {
        15.0
    }
}

/// The Drill Cannon plan (G8, G10): a planet that breaks takes everything on it, so a player
/// who is safe elsewhere (a rover in orbit, or a rover or building on another planet) gains
/// with every step towards the next shot at a planet that holds everything some opponent has
/// left (nothing of theirs in orbit or elsewhere), as long as the game can go on after the break
/// (another planet is left) or the break takes every opponent. Each of Ready, Aim and Fire is
/// worth 5, and being safe while holding such a cannon is worth [`SAFE_PLAN`] (12 with two
/// players); otherwise a ready cannon is worth 1 and one aimed at an enemy piece 3.
///
/// The plan is counted for the viewer only: an agent presses its own attack but does not hide
/// its rovers in orbit from an opponent's cannon. Were both sides to keep a rover in orbit, no
/// one could ever be eliminated on one planet, and the game would run to its turn limit.
pub(super) fn drill_value(s: &State, c: &Census, spots: &Spots, p: PlayerId) -> f32 {
    let Some(cannon) = c.owned[p.index()][Structure::DrillCannon as usize] else {
        return if crowded(s) {
            cannon_to_come(s, c, spots, p)
        } else {
            0.0
        };
    };
    let bit = 1u16 << cannon.planet.index().min(15);
    let doomed = doomed_on(s, c, p, cannon.planet);
    let safe = c.in_orbit[p.index()] > 0 || c.present_on[p.index()] & !bit != 0;
    let stage = match s.player(p).drill {
        Drill::Idle => 0.0,
        Drill::Ready => 1.0,
        Drill::Aimed(_) => 2.0,
    };
    let safe_plan = if crowded(s) { SAFE_PLAN } else { TWO_SAFE_PLAN };
    if doomed && safe {
        let fired = f32::from(s.planet(cannon.planet).fired.min(12));
        return safe_plan + 5.0 * (3.0 * fired + stage);
    }
    // Not safe yet: the way to safety is a rover into orbit through the player's Space Port,
    // or, with three or more players and no port yet, through one still to be built.
    let to_port = match (doomed, c.owned[p.index()][Structure::SpacePort as usize]) {
        (true, None) if crowded(s) => port_to_come(s, spots, p),
        (true, Some(port)) => walk(spots, p, port).map_or(0.0, |x| {
            if crowded(s) {
                way(x)
            } else {
                -TO_PORT * f32::from(x)
            }
        }),
        _ => 0.0,
    };
    // The first shots on a planet cannot break it (2d6 is never below 2), so with three or
    // more players, where no one is eliminated while every Factory stands, firing them early
    // brings the break closer for when the player is safe.
    let preload = if doomed && crowded(s) {
        PRELOAD * f32::from(s.planet(cannon.planet).fired.min(FREE_FIRES))
    } else {
        0.0
    };
    to_port
        + preload
        + match s.player(p).drill {
            Drill::Aimed(f) => {
                let t = s.space(cannon.with(f));
                let enemy = t.rover.is_some_and(|r| r.owner != p)
                    || t.building.is_some_and(|b| b.owner != p)
                    || t.fort.is_some_and(|o| o != p);
                if enemy {
                    3.0
                } else {
                    1.0
                }
            }
            _ => stage,
        }
}

/// Would a break of `planet` take everything some opponent of `p` has left (nothing of theirs in
/// orbit or elsewhere)? With no other live planet, the break must take every opponent at once:
/// an opponent who survives in orbit and the viewer would be left with nowhere to land, a game
/// that cannot end (see `dead_end`).
fn doomed_on(s: &State, c: &Census, p: PlayerId, planet: PlanetId) -> bool {
    let bit = 1u16 << planet.index().min(15);
    let doomed_q = |q: PlayerId| c.in_orbit[q.index()] == 0 && c.present_on[q.index()] == bit;
    let opponents = || s.player_ids().filter(|&q| q != p && !s.has_lost(q));
    let other_live = s
        .planet_ids()
        .any(|x| x != planet && !s.planet(x).destroyed);
    opponents().any(doomed_q) && (other_live || opponents().all(doomed_q))
}

/// The way of `p`'s nearest rover on `at`'s planet to `at`, in spaces.
fn walk(spots: &Spots, p: PlayerId, at: Loc) -> Option<u8> {
    let d = Distances::get();
    faces(spots.on(at.planet.index()).of(p, Kind::Rover))
        .filter_map(|f| d.distance(f, at.face))
        .min()
}

/// The empty HQs of live planets (among `planets`, bits) that `p` can build on at once: no
/// building, no enemy piece on it, its whole ring held by `p` (G7).
fn ready_rings(s: &State, p: PlayerId, planets: u16) -> impl Iterator<Item = Loc> + '_ {
    let board = Board::get();
    s.planet_ids()
        .filter(move |x| !s.planet(*x).destroyed && planets & (1 << x.index().min(15)) != 0)
        .flat_map(move |planet| {
            let spaces = s.planet_spaces(planet);
            board.hqs().iter().filter_map(move |&hq| {
                let h = &spaces[hq.index()];
                let mine = |n: &FaceId| {
                    let t = &spaces[n.index()];
                    t.fort == Some(p) || t.rover.is_some_and(|r| r.owner == p)
                };
                let open = h.building.is_none()
                    && h.rover.is_none_or(|r| r.owner == p)
                    && h.fort.is_none_or(|o| o == p);
                (open && board.neighbours(hq).iter().all(mine)).then_some(Loc::new(planet, hq))
            })
        })
}

/// The plan's worth `steps` actions before it is safe with its cannon (three or more players):
/// [`CROWDED_TO_PORT`] per action, counted down from [`SAFE_PLAN`], never below nothing.
fn way(steps: u8) -> f32 {
    (SAFE_PLAN - CROWDED_TO_PORT * f32::from(steps)).max(0.0)
}

/// The plan's worth with the missing piece one Build away on a ring the player holds
/// ([`port_to_come`], [`cannon_to_come`]): its [`way`], less [`READY_RING`].
fn ready_ring_way(steps: u8) -> f32 {
    (way(steps) - READY_RING).max(0.0)
}

/// The way to safety of a player whose Drill Cannon plan waits for a Space Port it does not
/// have ([`drill_value`], three or more players): an empty HQ whose whole ring the player holds
/// (G7) is one Build from the port, then the nearest rover walks in ([`ready_ring_way`]).
///
/// On a crowded planet every other HQ soon holds someone's Factory or cannon, and a cannon whose
/// owner waits for a free HQ never fires a shot that can break the planet: the game runs to its
/// turn limit. The player's own Factory stands on such a ring: demolished (G15), it leaves an
/// empty HQ with the ring held, which the evaluation counts as a Factory one Build away
/// ([`FACTORY_WANT`]) plus this way, more than the Factory itself (see [`CROWDED_TO_PORT`]), so
/// the plan goes on: demolish, build the port, walk in, fire from orbit. Nothing is counted
/// before the Factory is demolished, so the choices that lead up to the plan (which structure
/// to build first) are those of a player who never gives a Factory up.
fn port_to_come(s: &State, spots: &Spots, p: PlayerId) -> f32 {
    ready_rings(s, p, u16::MAX)
        .filter_map(|hq| walk(spots, p, hq))
        .min()
        .map_or(0.0, |x| ready_ring_way(x.saturating_add(1)))
}

/// The Drill Cannon plan of a player with a Space Port and no cannon (three or more players),
/// counted as in [`port_to_come`]: the cannon one Build away on an empty HQ whose ring the
/// player holds, on a planet holding everything an opponent has left, then the nearest rover's
/// walk into the port unless the player is safe already. The Factory's ring becomes that HQ
/// the same way.
fn cannon_to_come(s: &State, c: &Census, spots: &Spots, p: PlayerId) -> f32 {
    let Some(port) = c.building(p, Structure::SpacePort) else {
        return 0.0;
    };
    let doomed: u16 = s
        .planet_ids()
        .filter(|x| !s.planet(*x).destroyed && doomed_on(s, c, p, *x))
        .fold(0, |m, x| m | 1 << x.index().min(15));
    if doomed == 0 {
        return 0.0;
    }
    ready_rings(s, p, doomed)
        .filter_map(|hq| {
            let bit = 1u16 << hq.planet.index().min(15);
            // Safe from the break: a rover in orbit, or anything on another planet.
            if c.in_orbit[p.index()] > 0 || c.present_on[p.index()] & !bit != 0 {
                Some(0)
            } else {
                walk(spots, p, port)
            }
        })
        .min()
        .map_or(0.0, |x| ready_ring_way(x.saturating_add(1)))
}

/// Shots on a planet that cannot break it ([`drill_value`]), and the worth of each one fired.
const FREE_FIRES: u8 = 2;
const PRELOAD: f32 = 4.0;

/// Being safe (a rover in orbit or on another planet) while holding a Drill Cannon that could
/// break a planet with all an opponent has left on it ([`drill_value`]), with three or more
/// players. It is also where the way to safety counts down from ([`way`]), and it must pay for
/// the Factory given up when the Factory's ring becomes the plan's missing piece
/// ([`CROWDED_TO_PORT`]).
const SAFE_PLAN: f32 = 45.0;
/// The same with two players, whose way to the port is not bounded below ([`crowded`]).
const TWO_SAFE_PLAN: f32 = 12.0;
/// Worth of each space between a player's nearest rover and its own Space Port while that plan
/// waits for safety: more than a rover's pressure on the enemy, so the rover heads for orbit
/// instead of trading shots. The way counts down from [`SAFE_PLAN`] and never below nothing, so
/// building the cannon never looks worse than not having it.
const TO_PORT: f32 = 3.0;
/// The same with three or more players, counted down from [`SAFE_PLAN`] ([`way`]). With a
/// rover on the ring and `w` spaces to walk, each action of turning the Factory into the
/// missing piece gains: demolishing it (−50 for the Factory, +35 for a Factory one Build away,
/// [`FACTORY_WANT`], + the plan's way) gains `SAFE_PLAN − 5·(1 + w) − READY_RING − 15`, 12
/// for `w = 1` and still 2 for `w = 3`; building the port there (+25 for the port, −35 for the
/// ring) gains `5 + READY_RING − 10 = 3`; each space walked gains 5; then the plan's worth when
/// safe (at least [`SAFE_PLAN`]).
const CROWDED_TO_PORT: f32 = 5.0;
/// What the plan's way is short of while its missing piece is still to be built on a ring the
/// player holds ([`ready_ring_way`]): building it must gain (see [`CROWDED_TO_PORT`]).
const READY_RING: f32 = 8.0;

/// Cost of each rover of the viewer waiting in orbit behind an opponent's ([`late_in_orbit`]).
const LATE_IN_ORBIT: f32 = 10.0;

/// Building towards a Drill Cannon, at a complete ring.
const CANNON_WANT: f32 = 15.0;

/// A Factory whose ring its owner holds ([`factory_value`]).
const FACTORY_SAFE: f32 = 50.0;
/// Building towards a Factory, at a complete ring.
const FACTORY_WANT: f32 = 35.0;

/// A Factory and its ring (G7). With the ring held the owner rebuilds it in one action after it
/// falls (or demolishes and builds again), so its hit points do not matter: shooting it is
/// wasted. One empty ring space still counts as held, since the Factory can produce a rover
/// onto it at once (G8), so shooting a single fortification of the ring is wasted too. The
/// ring is broken by an enemy piece on it (a rover standing there, or a fortification) or by
/// two empty spaces; then hit points count and each enemy piece on the ring costs more.
pub(super) fn factory_value(s: &State, p: PlayerId, factory: Loc, hp: u8) -> f32 {
    let board = Board::get();
    let ring = board.neighbours(factory.face);
    let hp = f32::from(hp);
    let mut held = 0;
    let mut empty = 0;
    let mut enemy = 0;
    for &n in ring {
        let t = s.space(factory.with(n));
        if t.fort == Some(p) || t.rover.is_some_and(|r| r.owner == p) {
            held += 1;
        } else if t.is_empty() {
            empty += 1;
        }
        if t.fort.is_some_and(|o| o != p) || t.rover.is_some_and(|r| r.owner != p) {
            enemy += 1;
        }
    }
    if held == ring.len() {
        FACTORY_SAFE
    } else if held + 1 == ring.len() && empty == 1 {
        FACTORY_SAFE - 0.5
    } else {
        20.0 + 3.0 * hp + 12.0 * held as f32 / ring.len() as f32 - 5.0 * enemy as f32
    }
}

/// Share of a ring space counted for an empty one next to the player's rover ([`best_progress`]):
/// one Fortify fills it, so shooting away the fortification that stood there gains an attacker
/// little, and two players trading a shot for a refill every turn while the others play on is
/// not what either wants.
const REFILL: f32 = 0.6;

/// Share of a ring space lost to each enemy fortification on an HQ or its ring ([`best_progress`]).
const CONTESTED: f32 = 0.5;

/// The best progress of `p` towards a ring on an empty HQ with no enemy rover on it or its
/// ring: the share of the ring held, less [`CONTESTED`] per enemy fortification to shoot away
/// first, plus a little for the nearest own rover's closeness to the HQ. Counted as a block, an
/// enemy fortification would leave a crowded planet with no HQ to work towards, and a player
/// would trade shots at rings that are refilled every turn instead of building.
pub(super) fn best_progress(s: &State, spots: &Spots, p: PlayerId, planets: u16) -> f32 {
    let board = Board::get();
    let d = Distances::get();
    let mut best = 0.0f32;
    for planet in s
        .planet_ids()
        .filter(|x| !s.planet(*x).destroyed && planets & (1 << x.index().min(15)) != 0)
    {
        let spaces = s.planet_spaces(planet);
        let mine = spots.on(planet.index()).of(p, Kind::Rover);
        if mine == 0 {
            continue;
        }
        // The spaces next to the player's rovers.
        let next_to_mine = faces(mine).fold(0u128, |set, m| set | board.neighbour_set(m));
        for &hq in board.hqs() {
            let h = &spaces[hq.index()];
            if h.building.is_some() || h.rover.is_some_and(|r| r.owner != p) {
                continue;
            }
            let ring = board.neighbours(hq);
            let mut held = 0;
            // Ring spaces held by a rover only: it has to leave them to fortify the rest.
            let mut by_rover = 0.0f32;
            // Enemy fortifications on the HQ or its ring: each costs a shot before the space
            // can be fortified (G5, G7), so it holds the ring back without closing it.
            let mut contested = u8::from(h.fort.is_some_and(|o| o != p));
            let mut blocked = false;
            // Empty ring spaces next to one of the player's rovers: one Fortify fills them.
            let mut refillable = 0.0f32;
            for n in ring {
                let t = &spaces[n.index()];
                if t.fort == Some(p) || t.rover.is_some_and(|r| r.owner == p) {
                    held += 1;
                    if t.fort != Some(p) {
                        by_rover += 0.5;
                    }
                } else if t.rover.is_some() {
                    blocked = true;
                } else if t.fort.is_some() {
                    contested += 1;
                } else if crowded(s) && t.is_empty() && next_to_mine & 1u128 << n.index() != 0 {
                    refillable += REFILL;
                }
            }
            if blocked || ring.is_empty() {
                continue;
            }
            let near = faces(mine)
                .filter_map(|f| d.distance(f, hq))
                .min()
                .map_or(0.0, |x| (1.0 - f32::from(x) / 8.0).max(0.0));
            let missing = (ring.len() - held) as f32;
            // A complete ring is one action from the building.
            let prog = if held == ring.len() && contested == 0 {
                1.0
            } else {
                let open = held as f32 - by_rover - CONTESTED * f32::from(contested) + refillable;
                ((open + near.min(missing)) / (ring.len() as f32 + 1.0)).max(0.0)
            };
            best = best.max(prog);
        }
    }
    best
}
