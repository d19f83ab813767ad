//! Ships moving in the card game's globe view: a burn spirals from the old ring to the new one
//! around the same globe, a transfer flies along the arc between the two globes (the route the
//! view draws). Pure maths, started by a change of the ship's place (host asset, orbital).
use super::orbits;
use crate::ids::CardRef;
use macroquad::prelude::*;

/// Seconds a burn or a transfer takes on screen.
pub const GLIDE_TIME: f32 = 0.8;

/// One ship's motion.
#[derive(Clone, Copy, Debug)]
pub struct Glide {
    /// Host asset and orbital the ship is gliding to.
    place: (CardRef, u8),
    /// Centre of that host's globe.
    centre: Vec3,
    from: Vec3,
    from_centre: Vec3,
    age: f32,
    /// Where the ship is drawn now.
    pub pos: Vec3,
}

impl Glide {
    /// A ship seen for the first time: at rest at `at`.
    pub fn at(place: (CardRef, u8), centre: Vec3, at: Vec3) -> Glide {
        Glide {
            place,
            centre,
            from: at,
            from_centre: centre,
            age: GLIDE_TIME,
            pos: at,
        }
    }

    /// Advances by `dt` toward `goal` on `place`; a new place starts a new glide from where the
    /// ship is drawn now.
    pub fn step(&mut self, place: (CardRef, u8), centre: Vec3, goal: Vec3, dt: f32) -> Vec3 {
        if place != self.place {
            self.from = self.pos;
            self.from_centre = self.centre;
            self.place = place;
            self.age = 0.0;
        }
        self.centre = centre;
        self.age = (self.age + dt.max(0.0)).min(GLIDE_TIME);
        let t = self.age / GLIDE_TIME;
        let s = t * t * (3.0 - 2.0 * t);
        self.pos = if self.from_centre.distance(centre) < 1e-3 {
            spiral(centre, self.from, goal, s)
        } else {
            let lift = 0.35 + 0.1 * self.from.distance(goal);
            orbits::arc_at(self.from, goal, lift, s)
        };
        self.pos
    }

    /// Still moving.
    #[cfg(test)]
    fn moving(&self) -> bool {
        self.age < GLIDE_TIME
    }
}

/// Radius and angle of `p` in the ring plane around `centre` (the inverse of
/// [`orbits::on_ring`]).
fn polar(centre: Vec3, p: Vec3) -> (f32, f32) {
    let (t1, t2) = orbits::ring_axis().any_orthonormal_pair();
    let d = p - centre;
    let (x, y) = (d.dot(t1), d.dot(t2));
    ((x * x + y * y).sqrt(), y.atan2(x))
}

/// From `a` to `b` around `centre`: radius and angle change together, the short way round.
fn spiral(centre: Vec3, a: Vec3, b: Vec3, s: f32) -> Vec3 {
    if s >= 1.0 {
        return b;
    }
    let (ra, aa) = polar(centre, a);
    let (rb, ab) = polar(centre, b);
    let tau = std::f32::consts::TAU;
    let mut d = (ab - aa) % tau;
    if d > tau / 2.0 {
        d -= tau;
    } else if d < -tau / 2.0 {
        d += tau;
    }
    orbits::on_ring(centre, ra + (rb - ra) * s, aa + d * s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(i: u8) -> CardRef {
        CardRef(i)
    }

    #[test]
    fn a_burn_spirals_between_rings_around_its_globe() {
        let c = vec3(1.0, 0.0, -2.0);
        let (r0, r2) = (orbits::ring_radius(0), orbits::ring_radius(2));
        let start = orbits::on_ring(c, r0, 0.3);
        let goal = orbits::on_ring(c, r2, 1.1);
        let mut g = Glide::at((card(1), 0), c, start);
        assert!(!g.moving());
        let mut last_r = r0;
        for _ in 0..8 {
            let p = g.step((card(1), 2), c, goal, GLIDE_TIME / 8.0);
            let (r, _) = polar(c, p);
            assert!(r >= last_r - 1e-4, "the radius only grows on the way up");
            assert!(r <= r2 + 1e-4);
            last_r = r;
        }
        assert!(!g.moving());
        assert!(g.pos.distance(goal) < 1e-4);
    }

    #[test]
    fn a_transfer_arcs_over_the_straight_line_and_lands_on_the_goal() {
        let (a, b) = (vec3(-2.0, 0.0, 0.0), vec3(2.0, 0.0, 0.0));
        let start = orbits::on_ring(a, orbits::ring_radius(3), 0.0);
        let goal = orbits::on_ring(b, orbits::ring_radius(3), 3.0);
        let mut g = Glide::at((card(5), 3), a, start);
        let mid = g.step((card(6), 3), b, goal, GLIDE_TIME / 2.0);
        assert!(g.moving());
        assert!(
            mid.y > start.y.max(goal.y) + 0.2,
            "mid-transfer the ship is above the line"
        );
        g.step((card(6), 3), b, goal, GLIDE_TIME);
        assert!(g.pos.distance(goal) < 1e-4);
    }

    #[test]
    fn a_change_mid_glide_starts_from_where_the_ship_is_drawn() {
        let c = Vec3::ZERO;
        let start = orbits::on_ring(c, orbits::ring_radius(0), 0.0);
        let mut g = Glide::at((card(1), 0), c, start);
        let goal1 = orbits::on_ring(c, orbits::ring_radius(1), 0.0);
        let p = g.step((card(1), 1), c, goal1, GLIDE_TIME / 2.0);
        let goal2 = orbits::on_ring(c, orbits::ring_radius(3), 0.0);
        let q = g.step((card(1), 3), c, goal2, 0.0);
        assert!(p.distance(q) < 1e-4, "no jump when a new burn starts");
    }
}
