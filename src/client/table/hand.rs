//! The viewer's hand along the bottom: cards fan out, the one under the mouse rises, and cards
//! that can be played now are outlined. Each card shows its cost, type, stats and abilities.
use super::super::interact::Interaction;
use super::super::paint::{circle_outline, disc, fade, mix, rrect, rrect_lines, Align, Painter};
use super::super::theme::{self, hex};
use super::card::draw_mark;
use super::layout::{lift, Hit, Layout};
use crate::data::CardKind;
use crate::ids::CardRef;
use crate::state::State;
use macroquad::prelude::*;

/// The hand card drawn raised (under the mouse, or selected).
pub fn lifted(inter: &Interaction) -> Option<CardRef> {
    match inter.hover {
        Some(Hit::Hand(c)) => Some(c),
        _ => match inter.sel {
            Some(super::super::interact::Sel::Hand(c)) => Some(c),
            _ => None,
        },
    }
}

pub fn draw(p: &mut Painter, st: &State, l: &Layout, inter: &Interaction, t: f32, empty: &str) {
    let s = l.s;
    if l.hand.is_empty() {
        let r = Rect::new(
            l.info_box.right() + 20.0 * s,
            l.hand_area.y,
            300.0 * s,
            l.hand_area.h,
        );
        p.text_in(empty, r, 12.0 * s, false, theme::TEXT_FAINT, Align::Left);
        p.flush();
        return;
    }
    let up = lifted(inter);
    let mut order: Vec<&(CardRef, Rect)> = l.hand.iter().filter(|(c, _)| Some(*c) != up).collect();
    if let Some(u) = l.hand.iter().find(|(c, _)| Some(*c) == up) {
        order.push(u);
    }
    let rects: Vec<Rect> = order
        .iter()
        .map(|(c, r)| if Some(*c) == up { lift(*r, s) } else { *r })
        .collect();
    for (i, ((c, _), r)) in order.iter().zip(&rects).enumerate() {
        let r = *r;
        // Overlapping cards: each card's text stops where the next card covers it.
        p.covered_by(&rects, i);
        // Soft shadow.
        rrect(
            Rect::new(r.x + 3.0 * s, r.y + 4.0 * s, r.w, r.h),
            7.0 * s,
            fade(theme::BG, 0.6),
        );
        draw_hand_card(p, st, *c, r, s);
        draw_mark(r, inter.mark(Hit::Hand(*c)), t, s, 7.0 * s);
    }
    p.uncovered();
    p.flush();
}

/// A card in the viewer's hand.
pub fn draw_hand_card(p: &mut Painter, st: &State, c: CardRef, r: Rect, s: f32) {
    let card = st.card_of(c);
    let (tint, kind) = match &card.kind {
        CardKind::Spacecraft(sh) => (hex(0x3aa6b9), capitalize(sh.class.name())),
        CardKind::Asset(a) if a.homeworld => (hex(0x4cbb6c), "Homeworld".to_string()),
        CardKind::Asset(_) => (hex(0x4cbb6c), "Asset".to_string()),
        CardKind::Upgrade(_) => (hex(0x9b7cf0), "Upgrade".to_string()),
    };
    let rad = 7.0 * s;
    rrect(r, rad, theme::CARD);
    let head = Rect::new(r.x, r.y, r.w, 21.0 * s);
    rrect(head, rad, mix(tint, theme::CARD, 0.35));
    draw_rectangle(head.x, head.bottom() - rad, head.w, rad, theme::CARD);
    rrect_lines(r, rad, 1.5 * s, mix(tint, theme::CARD_EDGE, 0.5));
    p.text_in(
        &card.name,
        Rect::new(r.x + 6.0 * s, head.y, r.w - 10.0 * s, head.h),
        11.0 * s,
        true,
        theme::TEXT,
        Align::Left,
    );
    let cost_r = 8.0 * s;
    let cc = vec2(
        r.right() - cost_r - 5.0 * s,
        head.bottom() + 2.0 * s + 13.5 * s / 2.0,
    );
    disc(cc, cost_r, hex(0x0d1422));
    circle_outline(cc, cost_r, 1.2 * s, theme::WARN);
    p.text_in(
        &card.construction_cost.to_string(),
        Rect::new(cc.x - cost_r, cc.y - cost_r, 2.0 * cost_r, 2.0 * cost_r),
        10.0 * s,
        true,
        theme::WARN,
        Align::Center,
    );

    let x = r.x + 6.0 * s;
    let w = r.w - 12.0 * s;
    let line = 13.5 * s;
    let mut y = head.bottom() + 2.0 * s;
    p.text_in(
        &kind,
        Rect::new(x, y, w - 2.0 * cost_r, line),
        10.0 * s,
        false,
        tint,
        Align::Left,
    );
    y += line;
    let lines: Vec<String> = match &card.kind {
        CardKind::Spacecraft(sh) => vec![
            format!("Armor {}  Acc {}", sh.armor, sh.accuracy),
            format!("dv {}  Bomb {}", sh.delta_vee, sh.bombardment_power),
            format!("Pop {}", sh.population),
        ],
        CardKind::Asset(a) => vec![
            format!("Build {}  Pop {}", a.construction_power, a.population),
            format!(
                "Orbitals {}  Hull {}",
                a.orbitals.len(),
                a.bombardment_resistance
            ),
        ],
        CardKind::Upgrade(u) => vec![format!("Hull {}", u.bombardment_resistance)],
    };
    for l in &lines {
        p.text_in(
            l,
            Rect::new(x, y, w, line),
            10.5 * s,
            false,
            theme::TEXT,
            Align::Left,
        );
        y += line;
    }
    let small = 9.5 * s;
    for a in &card.abilities {
        for l in p.wrap(&a.describe(), w, small) {
            if y + small * 1.3 > r.bottom() - 3.0 * s {
                return;
            }
            p.text_in(
                &l,
                Rect::new(x, y, w, small * 1.3),
                small,
                false,
                theme::TEXT_DIM,
                Align::Left,
            );
            y += small * 1.3;
        }
    }
}

fn capitalize(w: &str) -> String {
    let mut c = w.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}
