//! Player information: the opponent's bar at the top (hand size face down, deck, population)
//! and the viewer's box beside the hand. Never shows the opponent's cards (O26).
use super::super::game::Game;
use super::super::paint::{disc, fade, rrect, rrect_lines, Align, Painter};
use super::super::theme::{self, hex};
use super::layout::Layout;
use crate::ids::PlayerId;
use crate::state::Zone;
use macroquad::prelude::*;

fn deck_name(game: &Game, p: PlayerId) -> &str {
    game.setup
        .decks
        .get(p.index())
        .map(|d| d.name.as_str())
        .unwrap_or("")
}

/// A small labelled population bar.
fn pop_bar(p: &mut Painter, r: Rect, used: u8, limit: u8, s: f32) {
    let label = format!("Population {used}/{limit}");
    let lw = p.measure(&label, 11.0 * s, false);
    p.text_in(
        &label,
        Rect::new(r.x, r.y, lw + 2.0, r.h),
        11.0 * s,
        false,
        theme::TEXT,
        Align::Left,
    );
    let bar = Rect::new(
        r.x + lw + 8.0 * s,
        r.y + r.h / 2.0 - 3.0 * s,
        (r.w - lw - 8.0 * s).max(10.0),
        6.0 * s,
    );
    draw_rectangle(bar.x, bar.y, bar.w, bar.h, hex(0x0b1220));
    let f = if limit == 0 {
        1.0
    } else {
        (used as f32 / limit as f32).min(1.0)
    };
    let col = if used >= limit {
        theme::WARN
    } else {
        theme::GOOD
    };
    draw_rectangle(bar.x, bar.y, bar.w * f, bar.h, col);
}

/// The opponent's bar along the top of the table.
pub fn draw_top(p: &mut Painter, game: &Game, l: &Layout) {
    let s = l.s;
    let st = game.state();
    let opp = l.sides[0].player;
    let r = l.top_bar;
    draw_rectangle(r.x, r.y, r.w, r.h, theme::BAR);
    draw_line(r.x, r.bottom(), r.right(), r.bottom(), 1.0, hex(0x26334d));
    let seat = theme::seat(opp);
    disc(vec2(r.x + 16.0 * s, r.y + r.h / 2.0), 5.0 * s, seat);
    let name = game.names.player(opp);
    let title = format!("{name} · {}", deck_name(game, opp));
    p.text_in(
        &title,
        Rect::new(r.x + 28.0 * s, r.y, 215.0 * s, r.h),
        13.0 * s,
        true,
        seat,
        Align::Left,
    );

    // Hand, face down.
    let n = st.hand_size(opp);
    let hr = l.opp_hand;
    let cw = 13.0 * s;
    let ch = 19.0 * s;
    let step = (7.0 * s).min(150.0 * s / n.max(1) as f32);
    for i in 0..n.min(20) {
        let x = hr.x + i as f32 * step;
        let c = Rect::new(x, hr.y + (hr.h - ch) / 2.0, cw, ch);
        rrect(c, 2.0 * s, theme::CARD_BACK);
        rrect_lines(c, 2.0 * s, 1.0, theme::CARD_BACK_EDGE);
    }
    let tx = hr.x + (n.min(20) as f32 - 1.0).max(0.0) * step + cw + 8.0 * s;
    p.text_in(
        &format!("Hand {n}"),
        Rect::new(tx, r.y, 70.0 * s, r.h),
        11.5 * s,
        false,
        theme::TEXT,
        Align::Left,
    );

    let x = hr.right() + 10.0 * s;
    p.text_in(
        &format!("Deck {}", st.deck_size(opp)),
        Rect::new(x, r.y, 70.0 * s, r.h),
        11.5 * s,
        false,
        theme::TEXT,
        Align::Left,
    );
    pop_bar(
        p,
        Rect::new(x + 80.0 * s, r.y, 200.0 * s, r.h),
        st.population_used(opp),
        st.population_limit(opp),
        s,
    );
    if st.has_lost(opp) {
        p.text_in(
            "OUT",
            Rect::new(r.right() - 60.0 * s, r.y, 50.0 * s, r.h),
            12.0 * s,
            true,
            theme::BAD,
            Align::Right,
        );
    }
}

/// The viewer's box beside the hand.
pub fn draw_info(p: &mut Painter, game: &Game, l: &Layout) {
    let s = l.s;
    let st = game.state();
    let me = l.sides[1].player;
    let r = l.info_box;
    rrect(r, 8.0 * s, fade(theme::BAR, 0.95));
    let seat = theme::seat(me);
    rrect_lines(r, 8.0 * s, 1.5 * s, fade(seat, 0.7));
    let x = r.x + 10.0 * s;
    let w = r.w - 20.0 * s;
    let mut y = r.y + 6.0 * s;
    let name = game.names.player(me);
    p.text_in(
        &name,
        Rect::new(x, y, w, 18.0 * s),
        14.0 * s,
        true,
        seat,
        Align::Left,
    );
    y += 19.0 * s;
    p.text_in(
        deck_name(game, me),
        Rect::new(x, y, w, 15.0 * s),
        11.0 * s,
        false,
        theme::TEXT_DIM,
        Align::Left,
    );
    y += 20.0 * s;
    let deck = st.deck_size(me);
    let hand = st.hand_size(me);
    p.text_in(
        &format!("Deck {deck}   Hand {hand}"),
        Rect::new(x, y, w, 15.0 * s),
        11.5 * s,
        false,
        theme::TEXT,
        Align::Left,
    );
    y += 20.0 * s;
    pop_bar(
        p,
        Rect::new(x, y, w, 15.0 * s),
        st.population_used(me),
        st.population_limit(me),
        s,
    );
    y += 20.0 * s;
    let projects = st.zone(me, Zone::Project).count();
    let ships = st.zone(me, Zone::Ship).count();
    p.text_in(
        &format!("Ships {ships}   Projects {projects}"),
        Rect::new(x, y, w, 15.0 * s),
        11.0 * s,
        false,
        theme::TEXT_DIM,
        Align::Left,
    );
}
