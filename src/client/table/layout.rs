//! Where everything on the table goes, computed each frame from the window size and the state.
//!
//! The table is the window minus the side panel. From the top: the opponent's bar, their asset
//! row, their orbital stacks (mirrored toward the middle), the phase bar, your stacks, your asset
//! row, and your hand. Fixed parts scale with the window; the stacks take what is left.
use crate::ids::{CardRef, PlayerId};
use crate::rules::Command;
use crate::state::{Phase, State, Zone};
use macroquad::prelude::{vec2, Rect, Vec2};

/// Something on the table under the mouse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    Hand(CardRef),
    Ship(CardRef),
    Project(CardRef),
    Upgrade(CardRef),
    Asset(CardRef),
    Band {
        asset: CardRef,
        orbital: u8,
    },
    /// The free spot on a player's field where asset projects start.
    FieldSlot(PlayerId),
    Chip(usize),
    Pass,
    OppHand,
    /// A phase pill on the phase bar (hovering explains the phase).
    Phase(Phase),
}

/// A small button on an asset card.
#[derive(Clone, Debug)]
pub struct Chip {
    pub rect: Rect,
    pub label: String,
    pub action: ChipAction,
}

#[derive(Clone, Copy, Debug)]
pub enum ChipAction {
    Play(Command),
    Select(CardRef),
}

pub struct Column {
    pub asset: CardRef,
    pub card: Rect,
    /// Orbital bands, lowest first.
    pub bands: Vec<Rect>,
    pub upgrade: Option<(CardRef, Rect)>,
    pub projects: Vec<(CardRef, Rect)>,
}

pub struct Side {
    pub player: PlayerId,
    /// Drawn at the top of the table (stacks below the assets).
    pub top: bool,
    pub stack: Rect,
    pub row: Rect,
    pub columns: Vec<Column>,
    pub field_projects: Vec<(CardRef, Rect)>,
    pub field_slot: Rect,
}

pub struct Layout {
    /// Scale: 1.0 at 1280×800.
    pub s: f32,
    pub table: Rect,
    pub top_bar: Rect,
    pub phase_bar: Rect,
    pub pass_button: Rect,
    /// The six phase pills of the phase bar.
    pub phase_pills: Vec<(Phase, Rect)>,
    pub hand_area: Rect,
    pub info_box: Rect,
    pub opp_hand: Rect,
    /// `[opponent, viewer]`.
    pub sides: [Side; 2],
    pub ships: Vec<(CardRef, Rect)>,
    pub hand: Vec<(CardRef, Rect)>,
    pub chips: Vec<Chip>,
}

/// The phase pills between the turn text and the pass button. The orbit counter's dial sits at
/// the left end of the bar (radius `0.38 h`), then the turn text (132 wide), then the pills.
fn phase_pills(bar: Rect, pass: Rect, s: f32) -> Vec<(Phase, Rect)> {
    let dr = bar.h * 0.38;
    let px0 = bar.x + 10.0 * s + 2.0 * dr + 10.0 * s + 132.0 * s;
    let px1 = pass.x - 10.0 * s;
    let n = Phase::ALL.len() as f32;
    let gap = 5.0 * s;
    let pw = ((px1 - px0 - gap * (n - 1.0)) / n).max(20.0);
    Phase::ALL
        .iter()
        .enumerate()
        .map(|(i, ph)| {
            let r = Rect::new(
                px0 + i as f32 * (pw + gap),
                bar.y + 9.0 * s,
                pw,
                bar.h - 18.0 * s,
            );
            (*ph, r)
        })
        .collect()
}

/// Width of the side panel for a window width.
pub fn panel_width(screen_w: f32) -> f32 {
    (screen_w * 0.235).clamp(280.0, 420.0)
}

/// Width (in egui points) of the globe view's toggles at the bottom right of the table.
pub const TOGGLES_W: f32 = 232.0;

/// egui's zoom for a window of this size: 1 at 1280×800, growing with larger windows.
pub fn ui_zoom(screen: Vec2) -> f32 {
    (screen.x / 1280.0).min(screen.y / 800.0).clamp(1.0, 2.0)
}

impl Layout {
    pub fn compute(
        st: &State,
        viewer: PlayerId,
        screen: Vec2,
        panel_w: f32,
        legal: &[Command],
    ) -> Layout {
        let table = Rect::new(0.0, 0.0, (screen.x - panel_w).max(200.0), screen.y);
        let s = (table.h / 800.0).min(table.w / 980.0).clamp(0.6, 2.5);
        let top_h = 34.0 * s;
        let row_h = 134.0 * s;
        let phase_h = 46.0 * s;
        let hand_h = 140.0 * s;
        let stack_h = ((table.h - top_h - 2.0 * row_h - phase_h - hand_h) / 2.0).max(40.0 * s);
        let opp = PlayerId(((viewer.0 as usize + 1) % st.num_players.max(1) as usize) as u8);

        let top_bar = Rect::new(table.x, 0.0, table.w, top_h);
        let opp_row = Rect::new(table.x, top_h, table.w, row_h);
        let opp_stack = Rect::new(table.x, opp_row.bottom(), table.w, stack_h);
        let phase_bar = Rect::new(
            table.x + 6.0 * s,
            opp_stack.bottom(),
            table.w - 12.0 * s,
            phase_h,
        );
        let my_stack = Rect::new(table.x, phase_bar.bottom(), table.w, stack_h);
        let my_row = Rect::new(table.x, my_stack.bottom(), table.w, row_h);
        let hand_area = Rect::new(table.x, my_row.bottom(), table.w, table.h - my_row.bottom());

        let pw = 196.0 * s;
        let pass_button = Rect::new(
            phase_bar.right() - pw - 6.0 * s,
            phase_bar.y + 6.0 * s,
            pw,
            phase_bar.h - 12.0 * s,
        );
        let info_box = Rect::new(
            hand_area.x + 8.0 * s,
            hand_area.y + 10.0 * s,
            172.0 * s,
            hand_area.h - 18.0 * s,
        );
        let sides = [
            side(st, opp, true, opp_row, opp_stack, s),
            side(st, viewer, false, my_row, my_stack, s),
        ];
        let mut ships = Vec::new();
        for sd in &sides {
            for col in &sd.columns {
                place_ships(st, sd.player, col, s, &mut ships);
            }
        }
        // The globe view's toggles sit at the bottom right: the hand stays clear of them.
        let toggles_w = TOGGLES_W * ui_zoom(screen);
        let hand_room = Rect::new(
            hand_area.x,
            hand_area.y,
            (hand_area.w - toggles_w).max(info_box.right() + 80.0 * s - hand_area.x),
            hand_area.h,
        );
        let hand = hand_cards(st, viewer, hand_room, info_box, s);
        let chips = chips(st, &sides[1], legal, s);
        Layout {
            s,
            table,
            top_bar,
            phase_pills: phase_pills(phase_bar, pass_button, s),
            phase_bar,
            pass_button,
            hand_area,
            info_box,
            opp_hand: Rect::new(top_bar.x + 250.0 * s, top_bar.y, 260.0 * s, top_bar.h),
            sides,
            ships,
            hand,
            chips,
        }
    }

    /// The topmost thing under `p`. `lifted` is the hand card drawn raised.
    pub fn hit(&self, p: Vec2, lifted: Option<CardRef>) -> Option<Hit> {
        if self.pass_button.contains(p) {
            return Some(Hit::Pass);
        }
        if let Some(i) = self.chips.iter().position(|c| c.rect.contains(p)) {
            return Some(Hit::Chip(i));
        }
        if let Some((ph, _)) = self.phase_pills.iter().find(|(_, r)| r.contains(p)) {
            return Some(Hit::Phase(*ph));
        }
        if let Some(c) = lifted {
            if let Some((_, r)) = self.hand.iter().find(|(h, _)| *h == c) {
                if lift(*r, self.s).contains(p) {
                    return Some(Hit::Hand(c));
                }
            }
        }
        if let Some((c, _)) = self.hand.iter().rev().find(|(_, r)| r.contains(p)) {
            return Some(Hit::Hand(*c));
        }
        if self.opp_hand.contains(p) {
            return Some(Hit::OppHand);
        }
        if let Some((c, _)) = self.ships.iter().rev().find(|(_, r)| r.contains(p)) {
            return Some(Hit::Ship(*c));
        }
        for sd in &self.sides {
            if let Some((c, _)) = sd.field_projects.iter().find(|(_, r)| r.contains(p)) {
                return Some(Hit::Project(*c));
            }
            for col in &sd.columns {
                if let Some((c, _)) = col.projects.iter().find(|(_, r)| r.contains(p)) {
                    return Some(Hit::Project(*c));
                }
                if col.card.contains(p) {
                    return Some(Hit::Asset(col.asset));
                }
                if let Some((u, r)) = col.upgrade {
                    if r.contains(p) {
                        return Some(Hit::Upgrade(u));
                    }
                }
                if let Some(i) = col.bands.iter().position(|b| b.contains(p)) {
                    return Some(Hit::Band {
                        asset: col.asset,
                        orbital: i as u8,
                    });
                }
            }
            if sd.field_slot.contains(p) {
                return Some(Hit::FieldSlot(sd.player));
            }
        }
        None
    }

    /// Target rectangle of a ship.
    pub fn ship_rect(&self, r: CardRef) -> Option<Rect> {
        self.ships
            .iter()
            .find(|(c, _)| *c == r)
            .map(|(_, rect)| *rect)
    }

    /// The column of an asset on either side.
    pub fn column(&self, asset: CardRef) -> Option<&Column> {
        self.sides
            .iter()
            .flat_map(|s| s.columns.iter())
            .find(|c| c.asset == asset)
    }

    /// Rectangle of any visible card (ship, asset, upgrade, project, hand card).
    pub fn card_rect(&self, r: CardRef) -> Option<Rect> {
        if let Some(x) = self.ship_rect(r) {
            return Some(x);
        }
        for sd in &self.sides {
            for col in &sd.columns {
                if col.asset == r {
                    return Some(col.card);
                }
                if let Some((u, x)) = col.upgrade {
                    if u == r {
                        return Some(x);
                    }
                }
                if let Some((_, x)) = col.projects.iter().find(|(c, _)| *c == r) {
                    return Some(*x);
                }
            }
            if let Some((_, x)) = sd.field_projects.iter().find(|(c, _)| *c == r) {
                return Some(*x);
            }
        }
        self.hand.iter().find(|(c, _)| *c == r).map(|(_, x)| *x)
    }
}

/// A hand card raised under the mouse.
pub fn lift(r: Rect, s: f32) -> Rect {
    Rect::new(r.x, r.y - 16.0 * s, r.w, r.h)
}

fn side(st: &State, p: PlayerId, top: bool, row: Rect, stack: Rect, s: f32) -> Side {
    let assets: Vec<CardRef> = st.zone(p, Zone::Asset).map(|(r, _)| r).collect();
    let field_w = 92.0 * s;
    let pad = 10.0 * s;
    let n = assets.len().max(1) as f32;
    let avail = row.w - field_w - 2.0 * pad;
    let cw = (avail / n).min(420.0 * s);
    let x0 = row.x + pad + (avail - cw * n) / 2.0;
    let max_orb = assets
        .iter()
        .map(|a| st.orbital_count(*a))
        .max()
        .unwrap_or(1)
        .max(1) as f32;
    let band_h = (stack.h / max_orb).min(60.0 * s);
    let peek = 15.0 * s;
    let card_h = (row.h - peek - 12.0 * s).max(40.0);
    let proj_w = 42.0 * s;
    let card_w = (card_h * 1.45).min(cw - proj_w - 16.0 * s).max(40.0);
    let mut columns = Vec::new();
    for (i, &a) in assets.iter().enumerate() {
        let area = Rect::new(x0 + cw * i as f32, row.y, cw, row.h);
        let cx = area.x + (cw - card_w - 6.0 * s - proj_w) / 2.0;
        let cy = if top {
            row.bottom() - 6.0 * s - card_h
        } else {
            row.y + 6.0 * s
        };
        let card = Rect::new(cx, cy, card_w, card_h);
        let upgrade = st.upgrade_of(a).map(|u| {
            let dy = if top { -peek } else { peek };
            (u, Rect::new(card.x, card.y + dy, card.w, card.h))
        });
        let projects = stack_projects(st, p, Some(a), card.right() + 6.0 * s, card, proj_w, s);
        let bands = (0..st.orbital_count(a))
            .map(|o| {
                let y = if top {
                    stack.y + o as f32 * band_h
                } else {
                    stack.bottom() - (o + 1) as f32 * band_h
                };
                Rect::new(
                    area.x + 4.0 * s,
                    y + 1.5 * s,
                    cw - 8.0 * s,
                    band_h - 3.0 * s,
                )
            })
            .collect();
        columns.push(Column {
            asset: a,
            card,
            bands,
            upgrade,
            projects,
        });
    }
    let fx = row.right() - field_w - pad / 2.0;
    let slot_h = card_h * 0.75;
    let slot_y = if top {
        row.bottom() - 6.0 * s - slot_h
    } else {
        row.y + 6.0 * s
    };
    let field_slot = Rect::new(fx, slot_y, field_w - 8.0 * s, slot_h);
    let field_projects = stack_projects(st, p, None, fx, field_slot, proj_w, s);
    Side {
        player: p,
        top,
        stack,
        row,
        columns,
        field_projects,
        field_slot,
    }
}

/// Face-down projects of a host (or of the field), stacked beside `beside`.
fn stack_projects(
    st: &State,
    p: PlayerId,
    host: Option<CardRef>,
    x: f32,
    beside: Rect,
    w: f32,
    s: f32,
) -> Vec<(CardRef, Rect)> {
    let h = w * 1.3;
    let list: Vec<CardRef> = st
        .zone(p, Zone::Project)
        .filter(|(_, c)| c.host_ref() == host)
        .map(|(r, _)| r)
        .collect();
    let n = list.len().max(1) as f32;
    let step = ((beside.h - h) / (n - 1.0).max(1.0)).min(h + 4.0 * s);
    list.into_iter()
        .enumerate()
        .map(|(i, r)| {
            let col = if host.is_none() {
                (i as f32 * (w + 4.0 * s), 0.0)
            } else {
                (0.0, i as f32 * step)
            };
            (r, Rect::new(x + col.0, beside.y + col.1, w, h))
        })
        .collect()
}

fn place_ships(
    st: &State,
    side_player: PlayerId,
    col: &Column,
    s: f32,
    out: &mut Vec<(CardRef, Rect)>,
) {
    for (o, band) in col.bands.iter().enumerate() {
        let mut ships: Vec<(bool, CardRef)> = st
            .ships_at(col.asset)
            .filter(|(_, c)| c.orbital as usize == o)
            .map(|(r, c)| (c.owner != side_player, r))
            .collect();
        if ships.is_empty() {
            continue;
        }
        ships.sort();
        let gutter = 38.0 * s;
        let debris_w = if st.debris_at(col.asset, o as u8) > 0 {
            30.0 * s
        } else {
            4.0 * s
        };
        let h = (band.h - 5.0 * s).min(46.0 * s).max(12.0);
        let avail = band.w - gutter - debris_w;
        let n = ships.len() as f32;
        let gap = 4.0 * s;
        // Shrink to fit a crowded orbital (down to a readable width), then overlap.
        let w = (h * 2.7)
            .clamp(88.0 * s, 118.0 * s)
            .min(((avail + gap) / n - gap).max(68.0 * s));
        let step = if n * w + (n - 1.0) * gap <= avail {
            w + gap
        } else {
            ((avail - w) / (n - 1.0)).max(4.0)
        };
        for (i, (_, r)) in ships.iter().enumerate() {
            let x = band.x + gutter + step * i as f32;
            out.push((*r, Rect::new(x, band.y + (band.h - h) / 2.0, w, h)));
        }
    }
}

fn hand_cards(
    st: &State,
    viewer: PlayerId,
    area: Rect,
    info: Rect,
    s: f32,
) -> Vec<(CardRef, Rect)> {
    let cards = st.hand(viewer);
    let h = (area.h - 22.0 * s).max(30.0);
    let w = h * 0.78;
    let x0 = info.right() + 14.0 * s;
    let avail = area.right() - 10.0 * s - x0;
    let n = cards.len().max(1) as f32;
    let step = if n * (w + 8.0 * s) <= avail {
        w + 8.0 * s
    } else {
        ((avail - w) / (n - 1.0).max(1.0)).max(6.0)
    };
    let used = step * (n - 1.0) + w;
    let start = x0 + ((avail - used) / 2.0).max(0.0);
    cards
        .into_iter()
        .enumerate()
        .map(|(i, c)| {
            (
                c,
                Rect::new(start + step * i as f32, area.y + 16.0 * s, w, h),
            )
        })
        .collect()
}

fn chips(st: &State, me: &Side, legal: &[Command], s: f32) -> Vec<Chip> {
    let mut out = Vec::new();
    for col in &me.columns {
        let a = col.asset;
        let mut items: Vec<(String, ChipAction)> = Vec::new();
        for c in legal {
            match *c {
                Command::Research { asset } if asset == a => {
                    items.push(("Research".into(), ChipAction::Play(*c)))
                }
                Command::Repair { asset } if asset == a => {
                    items.push(("Repair".into(), ChipAction::Play(*c)))
                }
                _ => {}
            }
        }
        let builds: Vec<Command> = legal
            .iter()
            .filter(|c| matches!(c, Command::Contribute { asset, .. } if *asset == a))
            .copied()
            .collect();
        match builds.as_slice() {
            [] => {}
            [one] => items.push((
                format!("Build +{}", st.construction_power(a)),
                ChipAction::Play(*one),
            )),
            _ => items.push(("Build…".into(), ChipAction::Select(a))),
        }
        let h = 20.0 * s;
        for (i, (label, action)) in items.into_iter().enumerate() {
            let y = col.card.bottom() - (h + 5.0 * s) * (i + 1) as f32;
            let rect = Rect::new(col.card.x + 6.0 * s, y, col.card.w - 12.0 * s, h);
            out.push(Chip {
                rect,
                label,
                action,
            });
        }
    }
    out
}

/// Centre of a rectangle.
pub fn center(r: Rect) -> Vec2 {
    vec2(r.x + r.w / 2.0, r.y + r.h / 2.0)
}
