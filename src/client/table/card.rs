//! Card faces: assets (with the transfer dial), ship mini-cards, hand cards, face-down projects,
//! the upgrade tucked under its asset, and the outlines that mark selections and targets.
use super::super::copies::table_name;
use super::super::interact::Mark;
use super::super::paint::{
    circle_outline, disc, fade, grow, mix, rrect, rrect_lines, Align, Painter,
};
use super::super::theme::{self, hex};
use super::dial;
use crate::data::Class;
use crate::ids::CardRef;
use crate::state::State;
use macroquad::prelude::*;

/// Short class tag for mini-cards.
pub fn class_tag(c: Class) -> &'static str {
    match c {
        Class::Fighter => "F",
        Class::Corvette => "C",
        Class::Frigate => "Fr",
        Class::Capital => "Ca",
    }
}

/// Outline for a mark; `t` is the time in seconds (for pulsing).
pub fn draw_mark(r: Rect, mark: Option<Mark>, t: f32, s: f32, radius: f32) {
    let pulse = 0.65 + 0.35 * (t * 5.0).sin();
    let (color, thick, glow) = match mark {
        None => return,
        Some(Mark::Selected) => (theme::SELECT, 3.0, true),
        Some(Mark::Target) => (fade(theme::target(), pulse), 2.5, true),
        Some(Mark::Attack) => (fade(theme::attack(), pulse), 2.5, true),
        Some(Mark::Ready) => (fade(theme::GOOD, 0.55), 1.5, false),
    };
    if glow {
        rrect_lines(
            grow(r, 3.0 * s),
            radius + 3.0 * s,
            3.0 * s,
            fade(color, 0.25),
        );
    }
    rrect_lines(grow(r, 1.0 * s), radius + 1.0 * s, thick * s, color);
}

/// An asset card, always upright so that it stays readable; a tapped or destroyed asset carries
/// a marker over its face instead of being turned.
pub fn draw_asset(p: &mut Painter, st: &State, a: CardRef, r: Rect, s: f32, dial_angle: f32) {
    asset_face(p, st, a, r, s, dial_angle);
    let inst = st.inst(a);
    if inst.is_destroyed() {
        destroyed_marker(p, r, s);
    } else if inst.is_tapped() {
        tapped_marker(p, r, s);
    }
}

/// A destroyed asset: faintly crossed out, with a red "DESTROYED" tag on its lower edge.
fn destroyed_marker(p: &mut Painter, r: Rect, s: f32) {
    let k = 6.0 * s;
    let col = fade(theme::BAD, 0.3);
    draw_line(
        r.x + k,
        r.y + k,
        r.right() - k,
        r.bottom() - k,
        2.0 * s,
        col,
    );
    draw_line(
        r.right() - k,
        r.y + k,
        r.x + k,
        r.bottom() - k,
        2.0 * s,
        col,
    );
    edge_tag(p, r, "DESTROYED", theme::BAD, false, s);
}

/// A tapped asset: its face dimmed a little and an amber "TAPPED" tag, with a card turned
/// sideways, on its lower edge.
fn tapped_marker(p: &mut Painter, r: Rect, s: f32) {
    rrect(r, 7.0 * s, fade(theme::BG, 0.3));
    edge_tag(p, r, "TAPPED", theme::WARN, true, s);
}

/// A tag straddling the lower right edge of a card, where it covers only the hull bar.
fn edge_tag(p: &mut Painter, r: Rect, label: &str, col: Color, icon: bool, s: f32) {
    let icon_w = if icon { 19.0 * s } else { 0.0 };
    let w = p.measure(label, 11.0 * s, true) + icon_w + 16.0 * s;
    let h = 19.0 * s;
    let tag = Rect::new(r.right() - w - 6.0 * s, r.bottom() - h * 0.6, w, h);
    rrect(tag, h / 2.0, fade(hex(0x0b1220), 0.95));
    rrect_lines(tag, h / 2.0, 1.4 * s, col);
    if icon {
        let card = Rect::new(tag.x + 8.0 * s, tag.y + 4.5 * s, 15.0 * s, 10.0 * s);
        rrect_lines(card, 2.0 * s, 1.2 * s, col);
    }
    let text = Rect::new(tag.x + icon_w + 4.0 * s, tag.y, w - icon_w - 8.0 * s, h);
    p.text_in(label, text, 11.0 * s, true, col, Align::Center);
}

fn asset_face(p: &mut Painter, st: &State, a: CardRef, r: Rect, s: f32, dial_angle: f32) {
    let inst = st.inst(a);
    let card = st.card_of(a);
    let Some(stats) = card.asset() else { return };
    let destroyed = inst.is_destroyed();
    let seat = theme::seat(inst.owner);
    let body = if destroyed {
        hex(0x24262d)
    } else {
        mix(theme::CARD, seat, 0.10)
    };
    let rad = 7.0 * s;
    rrect(r, rad, body);
    let head = Rect::new(r.x, r.y, r.w, 22.0 * s);
    rrect(
        head,
        rad,
        if destroyed {
            hex(0x3a3d46)
        } else {
            mix(seat, theme::CARD, 0.45)
        },
    );
    draw_rectangle(head.x, head.bottom() - rad, head.w, rad, body);
    rrect_lines(
        r,
        rad,
        1.5 * s,
        if destroyed {
            hex(0x555a66)
        } else {
            mix(seat, theme::CARD_EDGE, 0.5)
        },
    );
    let text = if destroyed {
        theme::TEXT_DIM
    } else {
        theme::TEXT
    };
    let star = if stats.homeworld { 16.0 * s } else { 0.0 };
    p.text_in(
        &table_name(st, a),
        Rect::new(r.x + 7.0 * s, head.y, r.w - 12.0 * s - star, head.h),
        12.5 * s,
        true,
        text,
        Align::Left,
    );
    if stats.homeworld {
        let sr = Rect::new(r.right() - 20.0 * s, head.y, 16.0 * s, head.h);
        p.text_in("★", sr, 13.0 * s, true, theme::SELECT, Align::Center);
    }

    let bottom_h = 26.0 * s;
    let dial_r = (21.0 * s)
        .min((r.h - head.h - bottom_h) / 2.0 - 3.0 * s)
        .max(8.0);
    let dc = vec2(
        r.right() - dial_r - 8.0 * s,
        head.bottom() + dial_r + 5.0 * s,
    );
    dial::draw(
        p,
        dc,
        dial_r,
        &stats.transfer_costs,
        st.orbit_counter,
        dial_angle,
        s,
    );

    let x = r.x + 8.0 * s;
    let lw = r.w - 2.0 * dial_r - 24.0 * s;
    let line = 14.5 * s;
    let mut y = head.bottom() + 4.0 * s;
    let build = format!(
        "Build {}  Pop {}",
        st.construction_power(a),
        stats.population
    );
    p.text_in(
        &build,
        Rect::new(x, y, lw, line),
        11.0 * s,
        false,
        text,
        Align::Left,
    );
    y += line;
    let docks: Vec<&str> = stats.factory_classes().map(class_tag).collect();
    let docks = if docks.is_empty() {
        "No docks".to_string()
    } else {
        format!("Docks {}", docks.join(" "))
    };
    p.text_in(
        &docks,
        Rect::new(x, y, lw, line),
        10.5 * s,
        false,
        theme::TEXT_DIM,
        Align::Left,
    );
    y += line;
    let tc = format!("Transfer {}", st.transfer_cost(a));
    p.text_in(
        &tc,
        Rect::new(x, y, lw, line),
        11.0 * s,
        true,
        if destroyed { text } else { theme::DV },
        Align::Left,
    );

    // Hull: bombardment resistance and damage.
    let res = stats.bombardment_resistance.max(1) as f32;
    let bar = Rect::new(x, r.bottom() - 9.0 * s, r.w - 16.0 * s, 4.5 * s);
    let hull = format!(
        "Hull {}/{}",
        stats.bombardment_resistance.saturating_sub(inst.damage),
        stats.bombardment_resistance
    );
    p.text_in(
        &hull,
        Rect::new(x, bar.y - 15.0 * s, bar.w, 13.0 * s),
        10.5 * s,
        false,
        text,
        Align::Left,
    );
    draw_rectangle(bar.x, bar.y, bar.w, bar.h, hex(0x0d1422));
    let left = (1.0 - inst.damage as f32 / res).clamp(0.0, 1.0);
    draw_rectangle(
        bar.x,
        bar.y,
        bar.w * left,
        bar.h,
        if left > 0.5 { theme::GOOD } else { theme::WARN },
    );
    draw_rectangle(
        bar.x + bar.w * left,
        bar.y,
        bar.w * (1.0 - left),
        bar.h,
        theme::DAMAGE,
    );
}

/// The upgrade under an asset (only its edge shows once the asset is drawn over it).
pub fn draw_upgrade(p: &mut Painter, st: &State, u: CardRef, r: Rect, top: bool, s: f32) {
    let inst = st.inst(u);
    let card = st.card_of(u);
    let rad = 6.0 * s;
    rrect(r, rad, hex(0x2a2f4a));
    rrect_lines(r, rad, 1.2 * s, hex(0x6d74a8));
    let strip_h = 15.0 * s;
    let strip = if top {
        Rect::new(r.x + 6.0 * s, r.y, r.w - 12.0 * s, strip_h)
    } else {
        Rect::new(r.x + 6.0 * s, r.bottom() - strip_h, r.w - 12.0 * s, strip_h)
    };
    let res = card
        .upgrade()
        .map(|u| u.bombardment_resistance)
        .unwrap_or(0);
    let label = format!("{}  {}/{}", card.name, res.saturating_sub(inst.damage), res);
    p.text_in(&label, strip, 10.0 * s, false, hex(0xc9cdf2), Align::Center);
}

/// A ship in its orbital: class, name, delta-vee and damage.
pub fn draw_ship(p: &mut Painter, st: &State, ship: CardRef, r: Rect, s: f32) {
    let inst = st.inst(ship);
    let card = st.card_of(ship);
    let Some(stats) = card.ship() else { return };
    let seat = theme::seat(inst.owner);
    let fresh = inst.is_fresh();
    let a: f32 = if fresh { 0.7 } else { 1.0 };
    let rad = 4.0 * s;
    rrect(r, rad, fade(mix(theme::CARD_DARK, seat, 0.18), a.max(0.9)));
    rrect_lines(r, rad, 1.2 * s, fade(seat, 0.85 * a));
    draw_rectangle(r.x, r.y + rad, 3.5 * s, r.h - 2.0 * rad, seat);
    let pad = 6.0 * s;
    let two_rows = r.h >= 27.0 * s;
    let row1 = if two_rows {
        Rect::new(
            r.x + pad,
            r.y + 2.0 * s,
            r.w - pad - 3.0 * s,
            r.h * 0.5 - 1.0 * s,
        )
    } else {
        Rect::new(r.x + pad, r.y, r.w * 0.6, r.h)
    };
    let tag = class_tag(stats.class);
    let tw = p.measure(tag, 11.0 * s, true);
    p.text_in(tag, row1, 11.0 * s, true, seat, Align::Left);
    let name_r = Rect::new(row1.x + tw + 4.0 * s, row1.y, row1.w - tw - 4.0 * s, row1.h);
    p.text_in(
        &table_name(st, ship),
        name_r,
        11.0 * s,
        false,
        fade(theme::TEXT, a),
        Align::Left,
    );

    let max_dv = st.max_dv(ship);
    let row2 = if two_rows {
        Rect::new(
            r.x + pad,
            r.y + r.h * 0.5,
            r.w - pad - 4.0 * s,
            r.h * 0.5 - 2.0 * s,
        )
    } else {
        Rect::new(r.x + r.w * 0.6, r.y, r.w * 0.4 - 3.0 * s, r.h)
    };
    let dv_col = if inst.dv == 0 {
        theme::TEXT_FAINT
    } else {
        theme::DV
    };
    p.text_in(
        &format!("dv {}/{}", inst.dv, max_dv),
        row2,
        10.5 * s,
        true,
        dv_col,
        Align::Left,
    );
    // Armor pips, damaged ones red.
    let armor = st.armor(ship).min(8);
    let pip = (5.0 * s).min(row2.h * 0.5);
    let gap = 2.0 * s;
    let pw = armor as f32 * (pip + gap);
    let px = row2.right() - pw;
    let py = row2.y + (row2.h - pip) / 2.0;
    for i in 0..armor {
        let c = if i < inst.damage {
            theme::DAMAGE
        } else {
            hex(0x55637d)
        };
        draw_rectangle(px + i as f32 * (pip + gap), py, pip, pip, c);
    }
    // The pips' label, when the row has room for it beside the delta-vee.
    let aw = p.measure("arm", 9.0 * s, false);
    let dvw = p.measure("dv 00/00", 10.5 * s, true);
    let mut left = px;
    if two_rows && px - aw - 3.0 * s > row2.x + dvw {
        left = px - aw - 3.0 * s;
        let ar = Rect::new(left, row2.y, aw, row2.h);
        p.text_in("arm", ar, 9.0 * s, false, theme::TEXT_DIM, Align::Left);
    }
    if fresh && two_rows {
        let w = p.measure("new", 9.0 * s, true) + 6.0 * s;
        let tag_r = Rect::new(left - w - 4.0 * s, py - 2.0 * s, w, pip + 4.0 * s);
        rrect(tag_r, 2.0 * s, fade(theme::WARN, 0.25));
        p.text_in("new", tag_r, 9.0 * s, true, theme::WARN, Align::Center);
    }
}

/// A face-down card: a project (with its points) or a card back.
pub fn draw_back(
    p: &mut Painter,
    r: Rect,
    s: f32,
    label: Option<&str>,
    points: Option<(u8, Option<u8>)>,
) {
    let rad = 4.0 * s;
    rrect(r, rad, theme::CARD_BACK);
    rrect_lines(r, rad, 1.2 * s, theme::CARD_BACK_EDGE);
    let c = vec2(r.x + r.w / 2.0, r.y + r.h * 0.42);
    let rr = r.w.min(r.h) * 0.24;
    circle_outline(c, rr, 1.2 * s, fade(theme::CARD_BACK_EDGE, 0.9));
    disc(c, rr * 0.35, fade(theme::CARD_BACK_EDGE, 0.9));
    disc(vec2(c.x + rr, c.y - rr * 0.2), rr * 0.18, hex(0xb9b0ff));
    if let Some(l) = label {
        p.text_in(
            l,
            Rect::new(r.x + 2.0 * s, r.y + 1.0 * s, r.w - 4.0 * s, 11.0 * s),
            8.5 * s,
            false,
            hex(0xd9d4ff),
            Align::Center,
        );
    }
    if let Some((pts, cost)) = points {
        let bar = Rect::new(
            r.x + 3.0 * s,
            r.bottom() - 15.0 * s,
            r.w - 6.0 * s,
            12.0 * s,
        );
        draw_rectangle(bar.x, bar.y, bar.w, bar.h, fade(hex(0x000000), 0.45));
        if let Some(cost) = cost {
            let f = (pts as f32 / cost.max(1) as f32).clamp(0.0, 1.0);
            draw_rectangle(bar.x, bar.y, bar.w * f, bar.h, fade(theme::GOOD, 0.45));
        }
        let t = match cost {
            Some(c) => format!("{pts}/{c}"),
            None => format!("{pts} pt"),
        };
        p.text_in(&t, bar, 9.5 * s, true, theme::TEXT, Align::Center);
    }
}
