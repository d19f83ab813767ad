//! The phase bar across the middle: whose turn, the orbit counter, the six phases with the
//! current one lit, and the pass / next phase button.
use super::super::game::Game;
use super::super::labels::{pass_label, phase_title};
use super::super::paint::{fade, mix, rrect, rrect_lines, Align, Painter};
use super::super::theme::{self, hex};
use super::dial;
use super::layout::{Hit, Layout};
use macroquad::prelude::*;

pub fn draw(p: &mut Painter, game: &Game, l: &Layout, hover: Option<Hit>, dial_angle: f32, t: f32) {
    let s = l.s;
    let st = game.state();
    let r = l.phase_bar;
    rrect(r, 10.0 * s, theme::BAR);
    rrect_lines(r, 10.0 * s, 1.0 * s, hex(0x2a3a5a));
    let active = st.active;
    let seat = theme::seat(active);

    // Orbit counter.
    let dr = r.h * 0.38;
    let dc = vec2(r.x + 10.0 * s + dr, r.y + r.h / 2.0);
    dial::draw_counter(p, dc, dr, st.orbit_counter, dial_angle, s);

    // Whose turn.
    let tx = dc.x + dr + 10.0 * s;
    let who = if game.names.you == Some(active) {
        "Your turn".to_string()
    } else {
        format!("{}'s turn", game.names.player(active))
    };
    p.text_in(
        &format!("Turn {}", st.turn),
        Rect::new(tx, r.y + 4.0 * s, 120.0 * s, r.h * 0.45),
        10.5 * s,
        false,
        theme::TEXT_DIM,
        Align::Left,
    );
    p.text_in(
        &who,
        Rect::new(tx, r.y + r.h * 0.42, 130.0 * s, r.h * 0.5),
        13.0 * s,
        true,
        seat,
        Align::Left,
    );

    // Phases.
    for (ph, pr) in &l.phase_pills {
        let (ph, pr) = (ph, *pr);
        let (fill, text, bold) = if *ph == st.phase {
            (mix(seat, theme::BAR, 0.25), hex(0x0a0f1c), true)
        } else if *ph < st.phase {
            (hex(0x1f2b42), theme::TEXT_DIM, false)
        } else {
            (hex(0x141d30), theme::TEXT_FAINT, false)
        };
        let fill = if hover == Some(Hit::Phase(*ph)) {
            mix(fill, theme::TEXT, 0.15)
        } else {
            fill
        };
        rrect(pr, pr.h / 2.0, fill);
        if *ph == st.phase {
            rrect_lines(
                crate::client::paint::grow(pr, 2.0 * s),
                pr.h / 2.0 + 2.0 * s,
                1.5 * s,
                fade(seat, 0.5),
            );
        }
        p.text_in(phase_title(*ph), pr, 11.0 * s, bold, text, Align::Center);
    }

    // Pass button.
    let b = l.pass_button;
    let can = game.human_to_act();
    let hovered = hover == Some(Hit::Pass) && can;
    let (fill, edge, label) = if can {
        let base = hex(0x1f7a55);
        (
            if hovered {
                mix(base, theme::GOOD, 0.35)
            } else {
                base
            },
            theme::GOOD,
            match super::super::unused::Unused::of(st, game.legal()).tiny() {
                Some(left) => format!("{} ({left})  ▶", pass_label(st.phase)),
                None => format!("{}  ▶", pass_label(st.phase)),
            },
        )
    } else if game.over() {
        (hex(0x1c2436), hex(0x33415c), "Game over".to_string())
    } else if game.is_human(active) {
        (hex(0x1c2436), hex(0x33415c), "Waiting…".to_string())
    } else {
        let dots = ".".repeat(((t * 3.0) as usize % 3) + 1);
        let what = if game.ai_thinking() {
            "thinking"
        } else {
            "playing"
        };
        (
            hex(0x1c2436),
            hex(0x33415c),
            format!("{} is {what}{dots}", game.names.player(active)),
        )
    };
    rrect(b, 8.0 * s, fill);
    rrect_lines(b, 8.0 * s, 1.5 * s, edge);
    let text_col = if can { theme::TEXT } else { theme::TEXT_DIM };
    p.text_in(
        &label,
        Rect::new(b.x + 6.0 * s, b.y, b.w - 12.0 * s, b.h),
        if label.chars().count() > 22 {
            11.0
        } else {
            13.0
        } * s,
        can,
        text_col,
        Align::Center,
    );
}
