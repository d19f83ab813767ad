//! Deck statistics (bottom of the right panel): the cost curve as a bar chart, kinds and
//! classes, population needed against population provided, construction power, and hints such
//! as spacecraft classes that nothing in the deck can build. Numbers come from
//! [`crate::data::deck_edit::DeckStats`].
use super::library::class_color;
use super::DeckBuilder;
use crate::client::theme::{self, hex};
use crate::data::deck_edit::{curve_label, CURVE_BUCKETS, OPENING_HAND};
use crate::data::{CardDb, Class};
use egui_macroquad::egui::{self, RichText};

fn dim(t: impl Into<String>) -> RichText {
    RichText::new(t).color(theme::egui_color(theme::TEXT_DIM))
}

pub fn show(ui: &mut egui::Ui, b: &mut DeckBuilder, _db: &CardDb) {
    let s = &b.stats;
    egui::ScrollArea::vertical()
        .id_salt("deck-stats")
        .auto_shrink([false, true])
        .max_height((ui.available_height() - 130.0).max(120.0))
        .show(ui, |ui| {
            ui.spacing_mut().item_spacing.y = 4.0;
            ui.horizontal(|ui| {
                ui.label(RichText::new("Statistics").font(theme::bold(16.0)));
                ui.label(dim(format!(
                    "avg cost {:.1} · total {}",
                    s.average_cost(),
                    s.total_cost
                )));
            });
            curve(ui, &s.curve);
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing.x = 10.0;
                for (n, what, c) in [
                    (s.spacecraft, "spacecraft", theme::DV),
                    (s.assets, "assets", hex(0x2fb38a)),
                    (s.upgrades, "upgrades", hex(0xb67cff)),
                ] {
                    ui.label(RichText::new(format!("{n} {what}")).color(theme::egui_color(c)));
                }
                if s.unknown > 0 {
                    ui.label(
                        RichText::new(format!("{} unknown", s.unknown))
                            .color(theme::egui_color(theme::BAD)),
                    );
                }
            });
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing.x = 10.0;
                for c in Class::ALL {
                    let n = s.classes[c as usize];
                    let col = if n == 0 {
                        theme::TEXT_FAINT
                    } else {
                        class_color(c)
                    };
                    ui.label(
                        RichText::new(format!("{n} {}", c.name())).color(theme::egui_color(col)),
                    );
                }
            });
            ui.add_space(2.0);
            meter(
                ui,
                "Population",
                s.population_needed as i32,
                s.population_home,
                s.population_provided,
            );
            ui.label(
                dim(format!(
                "Ships need {} in all; homeworld gives {}, up to {} with every asset and upgrade.",
                s.population_needed, s.population_home, s.population_provided
            ))
                .small(),
            );
            ui.horizontal(|ui| {
                ui.label("Construction power");
                ui.label(RichText::new(s.power_home.to_string()).strong());
            });
            ui.label(
                dim(format!(
                    "At start, from the homeworld; up to {} with every asset and upgrade.",
                    s.power_total
                ))
                .small(),
            );
            let last = s.cards.saturating_sub(OPENING_HAND);
            let turns = last.div_ceil(s.draws_per_turn.max(1));
            let draws = if turns == 0 {
                "Every card starts in the opening hand.".to_string()
            } else {
                format!(
                    "Research draws {} a turn: the last card comes on turn {turns}.",
                    s.draws_per_turn.max(1)
                )
            };
            ui.label(dim(format!("Opening hand costs {}. {draws}", s.opening_cost)).small());
            for c in &s.unbuildable {
                ui.label(
                    RichText::new(format!(
                        "⚠ Nothing in this deck builds {} spacecraft.",
                        c.name()
                    ))
                    .small()
                    .color(theme::egui_color(theme::WARN)),
                );
            }
        });
}

/// The cost curve: one bar per cost bucket with its count.
fn curve(ui: &mut egui::Ui, curve: &[usize; CURVE_BUCKETS]) {
    let w = ui.available_width();
    let (r, _) = ui.allocate_exact_size(egui::vec2(w, 104.0), egui::Sense::hover());
    let p = ui.painter();
    p.rect_filled(r, 6.0, theme::egui_color(hex(0x0c1322)));
    let max = curve.iter().copied().max().unwrap_or(0).max(4) as f32;
    let inner = r.shrink2(egui::vec2(8.0, 6.0));
    let slot = inner.width() / CURVE_BUCKETS as f32;
    let base = inner.bottom() - 14.0;
    // The caption's line, then room for the tallest bar's count under it.
    let top = inner.top() + 28.0;
    p.text(
        egui::pos2(inner.right(), inner.top() + 2.0),
        egui::Align2::RIGHT_TOP,
        "cards by construction cost",
        egui::FontId::proportional(10.5),
        theme::egui_color(theme::TEXT_FAINT),
    );
    for (i, n) in curve.iter().enumerate() {
        let x = inner.left() + slot * (i as f32 + 0.5);
        let h = (base - top) * (*n as f32 / max);
        let bar = egui::Rect::from_min_max(
            egui::pos2(x - slot * 0.32, base - h),
            egui::pos2(x + slot * 0.32, base),
        );
        if *n > 0 {
            p.rect_filled(bar, 2.0, theme::egui_color(theme::DV).gamma_multiply(0.85));
            p.text(
                egui::pos2(x, bar.top() - 1.0),
                egui::Align2::CENTER_BOTTOM,
                n.to_string(),
                theme::bold(11.0),
                theme::egui_color(theme::TEXT),
            );
        }
        p.text(
            egui::pos2(x, base + 7.0),
            egui::Align2::CENTER_CENTER,
            curve_label(i),
            egui::FontId::proportional(10.5),
            theme::egui_color(theme::TEXT_DIM),
        );
    }
    p.hline(
        inner.left()..=inner.right(),
        base,
        egui::Stroke::new(1.0, theme::egui_color(theme::CARD_EDGE)),
    );
}

/// A horizontal meter: what is needed against what the homeworld and the whole deck provide.
fn meter(ui: &mut egui::Ui, label: &str, needed: i32, home: i32, all: i32) {
    ui.horizontal(|ui| {
        ui.label(label);
        let w = ui.available_width();
        let (r, _) = ui.allocate_exact_size(egui::vec2(w, 16.0), egui::Sense::hover());
        let p = ui.painter();
        let max = needed.max(all).max(1) as f32;
        let x = |v: i32| r.left() + r.width() * (v.max(0) as f32 / max);
        p.rect_filled(r, 3.0, theme::egui_color(hex(0x0c1322)));
        let all_r = egui::Rect::from_min_max(r.min, egui::pos2(x(all), r.center().y));
        p.rect_filled(
            all_r,
            2.0,
            theme::egui_color(theme::GOOD).gamma_multiply(0.45),
        );
        let home_r = egui::Rect::from_min_max(r.min, egui::pos2(x(home), r.center().y));
        p.rect_filled(home_r, 2.0, theme::egui_color(theme::GOOD));
        let need_r = egui::Rect::from_min_max(
            egui::pos2(r.left(), r.center().y + 1.0),
            egui::pos2(x(needed), r.bottom()),
        );
        p.rect_filled(need_r, 2.0, theme::egui_color(theme::WARN));
    })
    .response
    .on_hover_text(METER_HELP);
}

const METER_HELP: &str = "Green: population from the homeworld (bright) and from every asset \
    and upgrade (pale). Orange: population all the deck's spacecraft need.";
