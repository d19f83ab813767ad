//! The Globetrotter globe picture (G1): every face of the snub dodecahedron laid flat by an
//! azimuthal equidistant projection centred on the top pole, so the playable spaces sit in one
//! piece around the centre and the unused region around the bottom pole lies on the rim. Faces
//! are numbered as the engine numbers them; the 11 HQ pentagons are marked.
use super::svg::Svg;
use crate::globe::board::Board;
use crate::globe::ids::FaceId;
use crate::globe::vec3::{normalize, Vec3};

const RADIUS: f64 = 300.0;
const MARGIN: f64 = 14.0;
const LEGEND_H: f64 = 70.0;
const HQ: &str = "#e6b422";
const SPACE: &str = "#cfe3f5";
const UNUSED: &str = "#c8c8c8";

/// Where a point of the sphere lands: its distance from the centre grows with its angle from
/// the top pole, its direction is its longitude.
fn project(p: Vec3) -> (f64, f64) {
    let p = normalize(p);
    let colatitude = p[2].clamp(-1.0, 1.0).acos();
    let longitude = p[1].atan2(p[0]);
    let r = colatitude / std::f64::consts::PI * RADIUS;
    let c = MARGIN + RADIUS;
    (c + r * longitude.cos(), c - r * longitude.sin())
}

/// The picture.
pub fn net() -> String {
    let board = Board::get();
    let globe = board.globe();
    let side = 2.0 * (MARGIN + RADIUS);
    let mut svg = Svg::new(side, side + LEGEND_H);
    svg.circle(MARGIN + RADIUS, MARGIN + RADIUS, RADIUS, UNUSED, "#888888");
    for f in FaceId::all() {
        // The bottom pole would wrap around the whole rim: the grey disc behind stands for it.
        if f == FaceId::POLE {
            continue;
        }
        let face = globe.face(f);
        let points: Vec<(f64, f64)> = face
            .vertices()
            .iter()
            .map(|&v| project(globe.position(v)))
            .collect();
        let fill = if board.is_hq(f) {
            HQ
        } else if board.is_playable(f) {
            SPACE
        } else {
            UNUSED
        };
        svg.polygon(&points, fill, "#3a3a3a");
        let (x, y) = project(face.centre());
        let size = if board.is_playable(f) { 9.0 } else { 7.0 };
        svg.text(x, y + size / 3.0, size, "middle", &f.index().to_string());
    }
    let y = side + 8.0;
    let entries = [
        (HQ, format!("HQ pentagon ({} spaces)", board.hqs().len())),
        (
            SPACE,
            format!(
                "playable triangle ({} spaces)",
                board.spaces().len() - board.hqs().len()
            ),
        ),
        (
            UNUSED,
            format!(
                "unused: the bottom pole (the rim) and the {} faces around it",
                board.unused().len() - 1
            ),
        ),
    ];
    for (i, (fill, label)) in entries.iter().enumerate() {
        let ly = y + i as f64 * 20.0;
        svg.rect(MARGIN, ly, 14.0, 14.0, fill, Some("#333333"));
        svg.text(MARGIN + 20.0, ly + 11.0, 11.0, "start", label);
    }
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_face_but_the_pole_is_drawn_once_and_hqs_are_marked() {
        let board = Board::get();
        let out = net();
        assert_eq!(out.matches("<polygon").count(), FaceId::all().len() - 1);
        // HQ faces plus the legend swatch.
        assert_eq!(out.matches(HQ).count(), board.hqs().len() + 1);
        assert_eq!(board.hqs().len(), 11);
    }

    #[test]
    fn the_top_pole_is_the_centre() {
        let (x, y) = project([0.0, 0.0, 1.0]);
        assert_eq!((x, y), (MARGIN + RADIUS, MARGIN + RADIUS));
    }
}
