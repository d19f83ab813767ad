//! The card table, drawn with macroquad: both asset fields with their orbital stacks, the phase
//! bar, the hand, the dice and the AI's announced moves. Layout in [`layout`], motion in
//! [`anim`], one module per part.
pub mod anim;
pub mod card;
pub mod dial;
pub mod dice;
pub mod hand;
pub mod hud;
pub mod layout;
pub mod orbitals;
pub mod phase_bar;

use super::game::{Game, FLASH_TIME};
use super::interact::{targets, Interaction, Mark, Sel};
use super::labels::{announce_label, dv_cost};
use super::paint::{arrow, circle_outline, fade, rrect, rrect_lines, Align, Painter};
use super::theme::{self, hex};
use crate::ids::CardRef;
use crate::rules::Command;
use anim::Anim;
use layout::{center, Hit, Layout};
use macroquad::prelude::*;

/// A deterministic starfield behind everything.
pub fn draw_background(area: Rect, t: f32) {
    // The window is cleared to the background colour: only the stars are drawn here.
    stars(area, t, |r, c| draw_rectangle(r.x, r.y, r.w, r.h, c));
}

/// Stars of a background per pixel of area: 140 over a 1280×800 window.
const STAR_DENSITY: f32 = 140.0 / (1280.0 * 800.0);

/// Stars in a background of this many pixels (at least 12, at most 400).
fn star_count(pixels: f32) -> usize {
    (pixels * STAR_DENSITY).round().clamp(12.0, 400.0) as usize
}

/// The twinkling stars of a background over `area` at time `t`: each one's square (pixels)
/// and colour. The sky is equally dense in every area, so that the table and the globe view
/// beside it look like one sky, and a narrow area does not pay for a full window's stars.
pub fn stars(area: Rect, t: f32, mut star: impl FnMut(Rect, Color)) {
    let mut seed: u32 = 0x9e37_79b9;
    for i in 0..star_count(area.w.max(0.0) * area.h.max(0.0)) {
        seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        let x = (seed >> 8) as f32 / (1u32 << 24) as f32;
        seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        let y = (seed >> 8) as f32 / (1u32 << 24) as f32;
        let twinkle = 0.35 + 0.25 * ((t * 0.7 + i as f32 * 1.7).sin() + 1.0) * 0.5;
        let size = if i % 11 == 0 { 2.0 } else { 1.0 };
        star(
            Rect::new(area.x + x * area.w, area.y + y * area.h, size, size),
            fade(hex(0xcfd8ff), twinkle),
        );
    }
}

/// Draws the whole table for this frame. `beside` adds to the table's first layer, before its
/// text is drawn, what is drawn beside the table where no card comes (the globe view's labels):
/// it shares the layer's batches instead of needing its own.
pub fn draw(
    p: &mut Painter,
    game: &Game,
    l: &Layout,
    inter: &Interaction,
    anim: &Anim,
    beside: impl FnOnce(&mut Painter),
) {
    let s = l.s;
    let t = anim.time;
    let st = game.state();
    draw_background(l.table, t);
    for side in &l.sides {
        let area = Rect::new(
            side.row.x + 4.0 * s,
            side.row.y.min(side.stack.y),
            side.row.w - 8.0 * s,
            side.row.h + side.stack.h,
        );
        rrect(area, 12.0 * s, fade(theme::seat(side.player), 0.035));
    }
    for side in &l.sides {
        orbitals::draw_bands(p, st, side, inter, t, s);
    }
    beside(p);
    p.flush();

    let flashes: Vec<(CardRef, bool, f32)> = game
        .flashes
        .iter()
        .map(|f| (f.card, f.bad, 1.0 - f.age / FLASH_TIME))
        .collect();
    for side in &l.sides {
        for col in &side.columns {
            if let Some((u, r)) = col.upgrade {
                card::draw_upgrade(p, st, u, r, side.top, s);
                card::draw_mark(r, inter.mark(Hit::Upgrade(u)), t, s, 6.0 * s);
            }
            card::draw_asset(p, st, col.asset, col.card, s, anim.dial.angle);
            let hit = Hit::Asset(col.asset);
            let vis = col.card;
            match inter.mark(hit) {
                Some(m) => card::draw_mark(vis, Some(m), t, s, 7.0 * s),
                None if inter.hover == Some(hit) => {
                    rrect_lines(vis, 7.0 * s, 1.5 * s, fade(theme::TEXT, 0.5))
                }
                None => {}
            }
            flash(&flashes, col.asset, vis, s);
            projects(p, game, &col.projects, inter, t, s);
        }
        projects(p, game, &side.field_projects, inter, t, s);
        if inter.mark(Hit::FieldSlot(side.player)) == Some(Mark::Target) {
            let r = side.field_slot;
            rrect(r, 8.0 * s, fade(theme::target(), 0.08));
            card::draw_mark(r, Some(Mark::Target), t, s, 8.0 * s);
            p.text_in(
                "New asset",
                r,
                11.0 * s,
                true,
                theme::target(),
                Align::Center,
            );
        }
    }
    p.flush();
    for chip in &l.chips {
        let hovered = inter
            .hover
            .is_some_and(|h| matches!(h, Hit::Chip(_)) && chip.rect.contains(mouse_vec()));
        let base = hex(0x1f7a55);
        rrect(chip.rect, 5.0 * s, if hovered { theme::GOOD } else { base });
        rrect_lines(chip.rect, 5.0 * s, 1.0 * s, theme::GOOD);
        p.text_in(
            &chip.label,
            chip.rect,
            11.0 * s,
            true,
            if hovered { hex(0x0a0f1c) } else { theme::TEXT },
            Align::Center,
        );
    }
    p.flush();
    orbitals::draw_ships(p, st, &anim.drawn, l, inter, &flashes, t);
    let labels = band_labels(game, inter);
    for side in &l.sides {
        orbitals::draw_labels(p, st, side, &labels, s);
    }
    p.flush();
    phase_bar::draw(p, game, l, inter.hover, anim.dial.angle, t);
    hud::draw_top(p, game, l);
    hud::draw_info(p, game, l);
    p.flush();
    let me = l.sides[1].player;
    let empty = if game.names.you == Some(me) {
        "Your hand is empty.".to_string()
    } else {
        format!("{}'s hand is empty.", game.names.player(me))
    };
    hand::draw(p, st, l, inter, t, &empty);
    if let Some(c) = inter.combat {
        if let (Some(a), Some(b)) = (find(&anim.drawn, c.ship), find(&anim.drawn, c.target)) {
            arrow(center(a), center(b), 3.0 * s, fade(theme::attack(), 0.9));
        }
    }
    if let Some(a) = &game.announce() {
        announce(
            p,
            game,
            l,
            anim,
            a.cmd,
            a.by,
            (a.age / a.duration).clamp(0.0, 1.0),
        );
    }
    if let Some(d) = &game.dice {
        dice::draw(p, st, &game.names, d, l, &anim.drawn);
    }
    p.flush();
}

fn mouse_vec() -> Vec2 {
    let (x, y) = mouse_position();
    vec2(x, y)
}

fn find(ships: &[(CardRef, Rect)], c: CardRef) -> Option<Rect> {
    ships.iter().find(|(r, _)| *r == c).map(|(_, x)| *x)
}

fn flash(flashes: &[(CardRef, bool, f32)], c: CardRef, r: Rect, s: f32) {
    if let Some((_, bad, a)) = flashes.iter().find(|(x, _, _)| *x == c) {
        let col = if *bad { theme::BAD } else { theme::GOOD };
        rrect(r, 7.0 * s, fade(col, 0.4 * a));
    }
}

fn project(
    p: &mut Painter,
    game: &Game,
    pr: CardRef,
    r: Rect,
    inter: &Interaction,
    t: f32,
    s: f32,
) {
    let st = game.state();
    let inst = st.inst(pr);
    // O26: the owner sees what it is; the opponent sees only the points.
    let mine = inst.owner == game.viewer;
    let name = st.card_of(pr).name.clone();
    let cost = mine.then(|| st.card_of(pr).construction_cost);
    card::draw_back(
        p,
        r,
        s,
        mine.then_some(name.as_str()),
        // A finished ship waiting for population shows as full, not overfilled.
        Some((cost.map_or(inst.points, |c| inst.points.min(c)), cost)),
    );
    let hit = Hit::Project(pr);
    match inter.mark(hit) {
        Some(m) => card::draw_mark(r, Some(m), t, s, 4.0 * s),
        None if inter.hover == Some(hit) => {
            rrect_lines(r, 4.0 * s, 1.2 * s, fade(theme::TEXT, 0.6))
        }
        None => {}
    }
}

/// A pile of projects; where they overlap, each one's text stops where the next covers it.
fn projects(
    p: &mut Painter,
    game: &Game,
    list: &[(CardRef, Rect)],
    inter: &Interaction,
    t: f32,
    s: f32,
) {
    let rects: Vec<Rect> = list.iter().map(|(_, r)| *r).collect();
    for (i, (pr, r)) in list.iter().enumerate() {
        p.covered_by(&rects, i);
        project(p, game, *pr, *r, inter, t, s);
    }
    p.uncovered();
}

/// Delta-vee labels on lit destination bands.
fn band_labels(game: &Game, inter: &Interaction) -> Vec<(Hit, String)> {
    let Some(sel @ Sel::Ship(_)) = inter.sel else {
        return Vec::new();
    };
    targets(game.state(), sel, game.legal())
        .into_iter()
        .filter(|(h, _)| matches!(h, Hit::Band { .. }))
        .filter_map(|(h, c)| dv_cost(game.state(), &c).map(|d| (h, format!("{d} dv"))))
        .collect()
}

/// The AI's move, shown before it is played: an arrow and a banner.
#[allow(clippy::too_many_arguments)]
fn announce(
    p: &mut Painter,
    game: &Game,
    l: &Layout,
    anim: &Anim,
    cmd: Command,
    by: crate::ids::PlayerId,
    k: f32,
) {
    let s = l.s;
    let st = game.state();
    let a = (k / 0.15).min(1.0) * ((1.0 - k) / 0.1).clamp(0.3, 1.0);
    let seat = theme::seat(by);
    let ship = |c| find(&anim.drawn, c).map(center);
    let card = |c| l.card_rect(c).map(center);
    let band = |asset: CardRef, o: u8| {
        l.column(asset)
            .and_then(|col| col.bands.get(o as usize))
            .map(|b| center(*b))
    };
    let (from, to) = match cmd {
        Command::Burn {
            ship: sh,
            to_orbital,
        } => (
            ship(sh),
            st.inst(sh).host_ref().and_then(|h| band(h, to_orbital)),
        ),
        Command::Transfer { ship: sh, to } => {
            (ship(sh), band(to, st.orbital_count(to).saturating_sub(1)))
        }
        Command::Combat {
            ship: sh, target, ..
        } => (ship(sh), ship(target)),
        Command::Bombard { ship: sh, target } => (ship(sh), card(target)),
        Command::Contribute { asset, project } => (card(asset), card(project)),
        Command::Start { host: Some(h), .. } => (Some(center(l.opp_hand)), card(h)),
        Command::Research { asset } | Command::Repair { asset } => (card(asset), None),
        Command::Refit { ship: sh, .. } | Command::Scuttle { ship: sh } => (ship(sh), None),
        _ => (None, None),
    };
    match (from, to) {
        (Some(f), Some(t)) => arrow(f, t, 3.5 * s, fade(seat, 0.9 * a)),
        (Some(f), None) => circle_outline(f, 30.0 * s, 3.0 * s, fade(seat, 0.9 * a)),
        _ => {}
    }
    let text = format!(
        "{}: {}",
        game.names.player(by),
        announce_label(st, &game.names, &cmd)
    );
    let w = p.measure(&text, 14.0 * s, true) + 32.0 * s;
    let pb = l.phase_bar;
    let r = Rect::new(pb.x + (pb.w - w) / 2.0, pb.y - 34.0 * s, w, 28.0 * s);
    rrect(r, 14.0 * s, fade(hex(0x0b1220), 0.92 * a));
    rrect_lines(r, 14.0 * s, 1.5 * s, fade(seat, a));
    p.text_in(
        &text,
        r,
        14.0 * s,
        true,
        fade(theme::TEXT, a),
        Align::Center,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sky_is_equally_dense_everywhere() {
        assert_eq!(star_count(1280.0 * 800.0), 140);
        // The linked view's table and globe view (about 595 and 385 px wide) share one
        // window's stars between them.
        let split = star_count(595.0 * 800.0) + star_count(385.0 * 800.0);
        assert!((105..=110).contains(&split), "{split}");
        assert_eq!(star_count(0.0), 12);
        assert_eq!(star_count(1e9), 400);
    }

    #[test]
    fn stars_stay_in_their_area() {
        let area = Rect::new(100.0, 50.0, 400.0, 300.0);
        let mut n = 0;
        stars(area, 3.0, |r, c| {
            n += 1;
            assert!(area.contains(vec2(r.x, r.y)), "{r:?}");
            assert!(c.a > 0.0 && c.a <= 1.0);
        });
        assert_eq!(n, star_count(400.0 * 300.0));
    }
}
