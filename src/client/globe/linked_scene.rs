//! The linked globe view's scene: where every asset of the card game sits (the viewer's row in
//! front, the opponent's behind), where each ship is drawn on its orbital's ring, the camera
//! distance that fits them all, and what is under the pointer (a ship, a ring or a globe).
use super::orbits::{self, GLOBE_R};
use super::view3d::{self, View};
use crate::client::table::layout::Hit;
use crate::ids::{CardRef, PlayerId};
use crate::state::{State, Zone};
use macroquad::prelude::*;

/// One asset in the scene.
pub(super) struct Body {
    /// Position in its row.
    pub(super) index: usize,
    pub(super) asset: CardRef,
    pub(super) centre: Vec3,
    pub(super) rings: u8,
}

/// The assets in play, laid out in two rows.
pub(super) fn scene(st: &State, viewer: PlayerId) -> Vec<Body> {
    let opp = st.players().find(|p| *p != viewer).unwrap_or(viewer);
    let far: Vec<CardRef> = st.ordered(opp, Zone::Asset);
    let near: Vec<CardRef> = st.ordered(viewer, Zone::Asset);
    let rings = |v: &[CardRef]| v.iter().map(|&a| st.orbital_count(a)).collect::<Vec<_>>();
    let (fp, np) = orbits::rows(&rings(&far), &rings(&near));
    let far_n = far.len();
    far.iter()
        .zip(fp)
        .chain(near.iter().zip(np))
        .enumerate()
        .map(|(i, (&asset, centre))| Body {
            index: if i < far_n { i } else { i - far_n },
            asset,
            centre,
            rings: st.orbital_count(asset),
        })
        .collect()
}

pub(super) fn ships_on(st: &State, a: CardRef) -> Vec<(CardRef, crate::state::Inst)> {
    st.ships_at(a).map(|(r, i)| (r, *i)).collect()
}

/// Where a ship is drawn: spread over its orbital's ring, slowly circling.
pub(super) fn ship_pos(st: &State, a: CardRef, ship: CardRef, centre: Vec3, t: f32) -> Vec3 {
    let orb = st.inst(ship).orbital;
    let same: Vec<CardRef> = st
        .ships_at(a)
        .filter(|(_, i)| i.orbital == orb)
        .map(|(r, _)| r)
        .collect();
    let k = same.iter().position(|&r| r == ship).unwrap_or(0);
    let phase = t * 0.15 / (1.0 + orb as f32) + orb as f32 * 1.3;
    let ang = orbits::slots(same.len(), phase)[k.min(same.len().saturating_sub(1))];
    orbits::on_ring(centre, orbits::ring_radius(orb), ang)
}

pub(super) fn fit_distance(bodies: &[Body], rect: Rect) -> f32 {
    let (mut lo, mut hi) = (Vec3::splat(f32::MAX), Vec3::splat(f32::MIN));
    for b in bodies {
        let e = orbits::extent(b.rings);
        lo = lo.min(b.centre - Vec3::splat(e));
        hi = hi.max(b.centre + Vec3::splat(e));
    }
    if bodies.is_empty() {
        return 6.0;
    }
    let half_w = (hi.x - lo.x) / 2.0;
    let half_d = (hi.z - lo.z) / 2.0;
    let aspect = rect.w / rect.h.max(1.0);
    let t = (0.35f32).tan();
    (half_w / (t * aspect)).max(half_d * 1.9 / t * 0.5) * 1.08 + 1.0
}

/// The thing under the pointer: a ship, an orbital ring, or a globe.
/// Pixels around a ship, and around a ring, that still pick it.
pub(super) const SHIP_REACH: f32 = 22.0;
pub(super) const RING_REACH: f32 = 14.0;
/// A lit target (a legal destination or victim) counts as this much nearer, so that a click
/// between a lit ring and an unlit one goes to the lit one.
const LIT_BONUS: f32 = 8.0;

/// What the pointer is over: ships first (within [`SHIP_REACH`]), then rings (within
/// [`RING_REACH`]), then globes; lit things (`lit`) win over unlit ones nearby.
pub(super) fn pick(
    st: &State,
    bodies: &[Body],
    view: &View,
    mouse: Vec2,
    t: f32,
    lit: impl Fn(Hit) -> bool,
) -> Option<Hit> {
    let score = |d: f32, h: Hit| if lit(h) { d - LIT_BONUS } else { d };
    let mut best: Option<(f32, Hit)> = None;
    for b in bodies {
        for (ship, _) in st.ships_at(b.asset) {
            let p = ship_pos(st, b.asset, ship, b.centre, t);
            if let Some(s) = view.project(p) {
                let h = Hit::Ship(ship);
                let d = score((s - mouse).length(), h);
                if d < SHIP_REACH && best.is_none_or(|x| d < x.0) {
                    best = Some((d, h));
                }
            }
        }
    }
    if let Some((_, h)) = best {
        return Some(h);
    }
    for b in bodies {
        for i in 0..b.rings {
            let pts: Vec<Vec2> = (0..=48)
                .filter_map(|k| {
                    let a = k as f32 / 48.0 * std::f32::consts::TAU;
                    view.project(orbits::on_ring(b.centre, orbits::ring_radius(i), a))
                })
                .collect();
            let h = Hit::Band {
                asset: b.asset,
                orbital: i,
            };
            let d = score(orbits::polyline_distance(mouse, &pts), h);
            if d < RING_REACH && best.is_none_or(|x| d < x.0) {
                best = Some((d, h));
            }
        }
    }
    if let Some((_, h)) = best {
        return Some(h);
    }
    let (o, d) = view.ray(mouse);
    bodies
        .iter()
        .filter_map(|b| view3d::ray_sphere(o, d, b.centre, GLOBE_R).map(|t| (t, b.asset)))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, a)| Hit::Asset(a))
}
