//! The dice of an attack, each die with its pips and hit or miss, shown long enough to read and
//! fading out; a line joins attacker and target meanwhile.
use super::super::game::DiceShow;
use super::super::paint::{arrow, disc, fade, rrect, rrect_lines, Align, Painter};
use super::super::theme::{self, hex};
use super::super::words::{capital, Names};
use super::layout::{center, Layout};
use crate::state::State;
use macroquad::prelude::*;

/// Seconds between two dice appearing.
const STAGGER: f32 = 0.22;

fn pips(n: u8) -> &'static [(f32, f32)] {
    match n {
        1 => &[(0.5, 0.5)],
        2 => &[(0.27, 0.27), (0.73, 0.73)],
        3 => &[(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
        4 => &[(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
        5 => &[
            (0.26, 0.26),
            (0.74, 0.26),
            (0.5, 0.5),
            (0.26, 0.74),
            (0.74, 0.74),
        ],
        _ => &[
            (0.28, 0.24),
            (0.72, 0.24),
            (0.28, 0.5),
            (0.72, 0.5),
            (0.28, 0.76),
            (0.72, 0.76),
        ],
    }
}

pub fn draw(
    p: &mut Painter,
    st: &State,
    names: &Names,
    d: &DiceShow,
    l: &Layout,
    ships: &[(crate::ids::CardRef, Rect)],
) {
    let s = l.s;
    let fade_out = ((d.duration - d.age) / 0.35).clamp(0.0, 1.0);
    let a = fade_out * (d.age / 0.12).clamp(0.0, 1.0);
    let find = |c| ships.iter().find(|(r, _)| *r == c).map(|(_, x)| center(*x));
    if let (Some(from), Some(to)) = (find(d.attacker), find(d.target)) {
        arrow(from, to, 3.0 * s, fade(theme::BAD, 0.8 * a));
    }
    let n = d.rolls.len().max(1) as f32;
    let die = 38.0 * s;
    let gap = 10.0 * s;
    let w = (n * (die + gap) - gap + 40.0 * s).max(340.0 * s);
    let h = 118.0 * s;
    let pb = l.phase_bar;
    let r = Rect::new(
        l.table.x + (l.table.w - w) / 2.0,
        pb.y + pb.h / 2.0 - h / 2.0,
        w,
        h,
    );
    rrect(
        Rect::new(r.x + 4.0 * s, r.y + 5.0 * s, r.w, r.h),
        10.0 * s,
        fade(theme::BG, 0.5 * a),
    );
    rrect(r, 10.0 * s, fade(hex(0x161f33), 0.97 * a));
    rrect_lines(r, 10.0 * s, 1.5 * s, fade(theme::BAD, 0.7 * a));
    let title = capital(&format!(
        "{} fires at {}",
        names.card(st, d.attacker),
        names.card(st, d.target)
    ));
    p.text_in(
        &title,
        Rect::new(r.x + 12.0 * s, r.y + 6.0 * s, r.w - 24.0 * s, 18.0 * s),
        13.0 * s,
        true,
        fade(theme::TEXT, a),
        Align::Center,
    );
    let rule = if d.need <= 1 {
        "No roll can hit".to_string()
    } else if d.need > 6 {
        "Every roll hits".to_string()
    } else {
        format!("A roll below {} hits", d.need)
    };
    p.text_in(
        &rule,
        Rect::new(r.x, r.y + 24.0 * s, r.w, 14.0 * s),
        11.0 * s,
        false,
        fade(theme::TEXT_DIM, a),
        Align::Center,
    );
    let x0 = r.x + (r.w - (n * (die + gap) - gap)) / 2.0;
    let y0 = r.y + 44.0 * s;
    for (i, (roll, hit)) in d.rolls.iter().enumerate() {
        let appear = ((d.age - i as f32 * STAGGER) / 0.15).clamp(0.0, 1.0);
        if appear <= 0.0 {
            continue;
        }
        let da = a * appear;
        let bounce = (1.0 - appear) * 8.0 * s;
        let dr = Rect::new(x0 + i as f32 * (die + gap), y0 - bounce, die, die);
        let (face, edge) = if *hit {
            (hex(0xe9fff4), theme::GOOD)
        } else {
            (hex(0xf1e3e6), theme::BAD)
        };
        rrect(dr, 7.0 * s, fade(face, da));
        rrect_lines(dr, 7.0 * s, 2.0 * s, fade(edge, da));
        for (px, py) in pips(*roll) {
            disc(
                vec2(dr.x + px * dr.w, dr.y + py * dr.h),
                3.3 * s,
                fade(hex(0x1b2333), da),
            );
        }
        let label = if *hit { "HIT" } else { "miss" };
        p.text_in(
            label,
            Rect::new(
                dr.x - 4.0 * s,
                dr.bottom() + 3.0 * s,
                die + 8.0 * s,
                13.0 * s,
            ),
            10.5 * s,
            *hit,
            fade(edge, da),
            Align::Center,
        );
    }
    let all_shown = d.age >= (d.rolls.len() as f32 - 1.0).max(0.0) * STAGGER + 0.15;
    if all_shown {
        let total = d.rolls.iter().filter(|r| r.1).count();
        let txt = match total {
            0 => "No hits".to_string(),
            1 => "1 hit".to_string(),
            k => format!("{k} hits"),
        };
        let col = if total > 0 {
            theme::GOOD
        } else {
            theme::TEXT_DIM
        };
        p.text_in(
            &txt,
            Rect::new(r.x, r.bottom() - 18.0 * s, r.w, 14.0 * s),
            12.0 * s,
            true,
            fade(col, a),
            Align::Center,
        );
    }
    p.flush();
}
