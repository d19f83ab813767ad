//! The guided match's callout: a box beside the thing to click that says what to do next,
//! with "Got it" for a step to read and "Skip guide", and a ring around that thing.
use super::guide::{target_card, Guide, Step, Target, Until, STEPS};
use crate::client::table::layout::Layout;
use crate::client::theme;
use crate::ids::PlayerId;
use crate::state::State;
use egui_macroquad::egui::{self, RichText};
use macroquad::prelude::Rect;

/// What the player did in the callout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CalloutAction {
    Read,
    Skip,
}

/// Width of the callout box, in points.
const WIDTH: f32 = 330.0;

/// Where a target is on screen, in pixels.
pub fn target_rect(t: Target, st: &State, you: PlayerId, l: &Layout) -> Option<Rect> {
    let s = l.s;
    match t {
        Target::None => None,
        Target::PassButton => Some(l.pass_button),
        Target::Dial => {
            let bar = l.phase_bar;
            let r = bar.h * 0.38;
            let c = (bar.x + 10.0 * s + r, bar.y + bar.h / 2.0);
            Some(Rect::new(c.0 - r, c.1 - r, 2.0 * r, 2.0 * r))
        }
        _ => {
            let card = target_card(st, you, t)?;
            let columns = l.sides.iter().flat_map(|sd| sd.columns.iter());
            let mut cards = l
                .ships
                .iter()
                .chain(l.hand.iter())
                .chain(columns.clone().flat_map(|c| c.projects.iter()))
                .chain(l.sides.iter().flat_map(|sd| sd.field_projects.iter()))
                .copied()
                .chain(columns.map(|c| (c.asset, c.card)));
            cards.find(|(r, _)| *r == card).map(|(_, rect)| rect)
        }
    }
}

/// The step's target now: its second target once a card is selected.
pub fn step_target(step: &Step, selected: bool) -> Target {
    if selected {
        step.then
    } else {
        step.target
    }
}

/// Shows the current step (nothing once the guide is over). `target` is in pixels, `table`
/// the table's rectangle, `zoom` egui's points per pixel factor.
pub fn show(
    ctx: &egui::Context,
    guide: &Guide,
    target: Option<Rect>,
    table: Rect,
    zoom: f32,
) -> Option<CalloutAction> {
    let step = guide.current()?;
    let pt = |x: f32, y: f32| egui::pos2(x / zoom, y / zoom);
    let ring = target.map(|r| egui::Rect::from_min_max(pt(r.x, r.y), pt(r.right(), r.bottom())));
    if let Some(r) = ring {
        ring_around(ctx, r);
    }
    // Above a target in the lower half, below one in the upper half; at the top of the table
    // when there is none.
    let (pos, pivot) = match ring {
        Some(r) if r.center().y > table.h / zoom / 2.0 => (
            egui::pos2(r.center().x, r.top() - 14.0),
            egui::Align2::CENTER_BOTTOM,
        ),
        Some(r) => (
            egui::pos2(r.center().x, r.bottom() + 14.0),
            egui::Align2::CENTER_TOP,
        ),
        None => (
            egui::pos2(table.center().x / zoom, table.h / zoom * 0.16),
            egui::Align2::CENTER_TOP,
        ),
    };
    let half = WIDTH / 2.0 + 8.0;
    let x = pos.x.clamp(half, (table.right() / zoom - half).max(half));
    let mut act = None;
    egui::Area::new(egui::Id::new("guide-callout"))
        .order(egui::Order::Foreground)
        .fixed_pos(egui::pos2(x, pos.y))
        .pivot(pivot)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style())
                .fill(theme::egui_color(theme::PANEL))
                .stroke(egui::Stroke::new(2.0, theme::egui_color(theme::SELECT)))
                .inner_margin(12)
                .show(ui, |ui| {
                    ui.set_width(WIDTH);
                    act = body(ui, guide, step);
                });
        });
    act
}

fn body(ui: &mut egui::Ui, guide: &Guide, step: &Step) -> Option<CalloutAction> {
    let mut act = None;
    ui.label(
        RichText::new(format!(
            "Guided match · step {} of {}",
            guide.step + 1,
            STEPS.len()
        ))
        .small()
        .color(theme::egui_color(theme::TEXT_DIM)),
    );
    ui.label(
        RichText::new(step.title)
            .font(theme::bold(16.0))
            .color(theme::egui_color(theme::SELECT)),
    );
    ui.label(RichText::new(step.text).size(14.0));
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        if step.until == Until::Read {
            let b = egui::Button::new(RichText::new("Got it").strong())
                .fill(theme::egui_color(theme::hex(0x1f7a55)));
            if ui.add(b).clicked() {
                act = Some(CalloutAction::Read);
            }
        }
        if ui
            .link("Skip guide")
            .on_hover_text("Hide the guide and play on")
            .clicked()
        {
            act = Some(CalloutAction::Skip);
        }
    });
    act
}

/// A ring around the thing to click, with a pulsing glow outside it.
fn ring_around(ctx: &egui::Context, r: egui::Rect) {
    let t = ctx.input(|i| i.time) as f32;
    let pulse = 0.5 + 0.5 * (t * 4.0).sin();
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Foreground,
        egui::Id::new("guide-ring"),
    ));
    let col = theme::egui_color(theme::SELECT);
    painter.rect_stroke(
        r.expand(5.0),
        8.0,
        egui::Stroke::new(3.0, col),
        egui::StrokeKind::Outside,
    );
    painter.rect_stroke(
        r.expand(10.0),
        12.0,
        egui::Stroke::new(2.0, col.gamma_multiply(0.15 + 0.35 * pulse)),
        egui::StrokeKind::Outside,
    );
}
