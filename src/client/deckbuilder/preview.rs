//! The large card preview (top of the right panel): every stat and ability of the card under
//! the pointer, else the focused card (the last one clicked in the library or the deck), else
//! the homeworld; where the deck holds it, and a sketch of an asset's orbitals.
use super::library::{kind_color, kind_label};
use super::DeckBuilder;
use crate::client::theme::{self, hex};
use crate::client::tooltip;
use crate::data::deck_edit::draw_turn;
use crate::data::{Card, CardDb, CardKind};
use egui_macroquad::egui::{self, RichText};

pub fn show(ui: &mut egui::Ui, b: &mut DeckBuilder, db: &CardDb) {
    ui.add_space(6.0);
    let focus = b
        .hover
        .or(b.focus)
        .or_else(|| db.lookup(&b.draft.homeworld));
    let Some(id) = focus else {
        ui.label(RichText::new("Click a card to see it here.").weak());
        return;
    };
    let card = db.card(id);
    let frame = egui::Frame::new()
        .fill(theme::egui_color(hex(0x141d30)))
        .stroke(egui::Stroke::new(1.5, kind_color(card)))
        .corner_radius(8.0)
        .inner_margin(egui::Margin::same(10));
    frame.show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal(|ui| {
            ui.vertical(|ui| {
                ui.label(RichText::new(&card.name).font(theme::bold(20.0)));
                ui.label(
                    RichText::new(format!("{} · id `{}`", kind_label(card), card.id))
                        .color(kind_color(card)),
                );
            });
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Min), |ui| {
                cost_badge(ui, card);
            });
        });
        ui.add_space(4.0);
        stats_grid(ui, card);
        if let Some(a) = card.asset() {
            orbitals(ui, &a.orbitals, kind_color(card));
        }
        tooltip::abilities_and_text(ui, card);
        ui.add_space(4.0);
        where_in_deck(ui, b, card);
    });
}

fn cost_badge(ui: &mut egui::Ui, card: &Card) {
    let (r, _) = ui.allocate_exact_size(egui::vec2(44.0, 44.0), egui::Sense::hover());
    let p = ui.painter();
    p.circle_filled(r.center(), 21.0, theme::egui_color(hex(0x0c1322)));
    p.circle_stroke(r.center(), 21.0, egui::Stroke::new(2.0, kind_color(card)));
    p.text(
        r.center() - egui::vec2(0.0, 3.0),
        egui::Align2::CENTER_CENTER,
        card.construction_cost.to_string(),
        theme::bold(18.0),
        theme::egui_color(theme::SELECT),
    );
    p.text(
        r.center() + egui::vec2(0.0, 12.0),
        egui::Align2::CENTER_CENTER,
        "cost",
        egui::FontId::proportional(9.0),
        theme::egui_color(theme::TEXT_DIM),
    );
}

fn stats_grid(ui: &mut egui::Ui, card: &Card) {
    let m = card.self_mods;
    let with = |base: u8, add: i8| -> String {
        if add == 0 {
            base.to_string()
        } else {
            format!("{} ({base}{add:+})", base as i32 + add as i32)
        }
    };
    // Short numbers go in a two-pair grid; longer values get a line of their own.
    let mut lines: Vec<(&str, String)> = Vec::new();
    let rows: Vec<(&str, String)> = match &card.kind {
        CardKind::Spacecraft(s) => vec![
            ("Armor", with(s.armor, m.armor)),
            ("Accuracy", with(s.accuracy, m.accuracy)),
            ("Delta-vee", with(s.delta_vee, m.delta_vee)),
            ("Bombardment", with(s.bombardment_power, m.bombardment)),
            ("Population", s.population.to_string()),
        ],
        CardKind::Asset(a) => {
            let docks: Vec<&str> = a.factory_classes().map(|c| c.name()).collect();
            let tc: Vec<String> = a.transfer_costs.iter().map(|t| t.to_string()).collect();
            lines.push(("Transfer costs, clockwise", tc.join(" → ")));
            lines.push((
                "Builds",
                if docks.is_empty() {
                    "no spacecraft".into()
                } else {
                    docks.join(", ")
                },
            ));
            vec![
                (
                    "Construction",
                    with(a.construction_power, m.construction_power),
                ),
                ("Population", with(a.population, m.population)),
                ("Resistance", a.bombardment_resistance.to_string()),
            ]
        }
        CardKind::Upgrade(u) => vec![("Resistance", u.bombardment_resistance.to_string())],
    };
    egui::Grid::new(("deck-preview-stats", &card.id))
        .num_columns(4)
        .spacing([10.0, 3.0])
        .show(ui, |ui| {
            for (i, (k, v)) in rows.iter().enumerate() {
                ui.label(RichText::new(*k).color(theme::egui_color(theme::TEXT_DIM)));
                ui.label(RichText::new(v).strong());
                if i % 2 == 1 || i + 1 == rows.len() {
                    ui.end_row();
                }
            }
        });
    for (k, v) in lines {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(k).color(theme::egui_color(theme::TEXT_DIM)));
            ui.label(RichText::new(v).strong());
        });
    }
}

/// The asset's orbitals as rings around a planet, with their entry costs.
fn orbitals(ui: &mut egui::Ui, costs: &[u8], c: egui::Color32) {
    let w = ui.available_width();
    let (r, _) = ui.allocate_exact_size(egui::vec2(w, 44.0), egui::Sense::hover());
    let p = ui.painter();
    let planet = egui::pos2(r.left() + 20.0, r.center().y);
    p.circle_filled(planet, 14.0, c.gamma_multiply(0.8));
    let step = ((w - 60.0) / costs.len().max(1) as f32).min(46.0);
    for (i, cost) in costs.iter().enumerate() {
        let x = planet.x + 28.0 + step * i as f32;
        p.line_segment(
            [
                egui::pos2(x, r.top() + 4.0),
                egui::pos2(x, r.bottom() - 14.0),
            ],
            egui::Stroke::new(1.5, theme::egui_color(theme::DV).gamma_multiply(0.6)),
        );
        p.text(
            egui::pos2(x, r.bottom() - 6.0),
            egui::Align2::CENTER_CENTER,
            format!("{cost} dv"),
            egui::FontId::proportional(10.5),
            theme::egui_color(theme::DV),
        );
    }
    p.text(
        egui::pos2(r.right(), r.top() + 8.0),
        egui::Align2::RIGHT_CENTER,
        format!("{} orbitals, entry costs", costs.len()),
        egui::FontId::proportional(10.5),
        theme::egui_color(theme::TEXT_DIM),
    );
}

fn where_in_deck(ui: &mut egui::Ui, b: &DeckBuilder, card: &Card) {
    if b.draft.homeworld == card.id && card.asset().is_some_and(|a| a.homeworld) {
        ui.label(RichText::new("This deck's homeworld.").color(theme::egui_color(theme::GOOD)));
        return;
    }
    let per_turn = b.stats.draws_per_turn.max(1);
    let at: Vec<String> = b
        .draft
        .cards
        .iter()
        .enumerate()
        .filter(|(_, c)| **c == card.id)
        .map(|(i, _)| match draw_turn(i, per_turn) {
            None => format!("#{} (hand)", i + 1),
            Some(t) => format!("#{} (turn {t})", i + 1),
        })
        .collect();
    let text = if at.is_empty() {
        "Not in this deck.".to_string()
    } else {
        format!("In deck ×{}: {}", at.len(), at.join(", "))
    };
    ui.label(
        RichText::new(text)
            .small()
            .color(theme::egui_color(theme::TEXT_DIM)),
    );
}
