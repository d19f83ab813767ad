//! Hovering anything on the table shows its full stats and abilities in an egui popup. Hidden
//! cards (the opponent's hand and projects) show only what is public (O26).
use super::game::Game;
use super::glossary::{self, Book};
use super::labels::{command_label, pass_label, phase_title};
use super::table::layout::Hit;
use super::theme;
use super::words::{card_name, Names};
use crate::data::CardKind;
use crate::ids::CardRef;
use crate::state::{State, Zone};
use egui_macroquad::egui::{self, RichText};

/// Shows the popup for `hit` near the mouse at `pos` (in egui points).
pub fn show(ctx: &egui::Context, game: &Game, hit: Hit, pos: egui::Pos2, chip: Option<String>) {
    let screen = ctx.screen_rect();
    let right = pos.x > screen.center().x;
    let lower = pos.y > screen.center().y;
    let pivot = match (right, lower) {
        (false, false) => egui::Align2::LEFT_TOP,
        (true, false) => egui::Align2::RIGHT_TOP,
        (false, true) => egui::Align2::LEFT_BOTTOM,
        (true, true) => egui::Align2::RIGHT_BOTTOM,
    };
    let off = egui::vec2(
        if right { -18.0 } else { 18.0 },
        if lower { -12.0 } else { 18.0 },
    );
    egui::Area::new(egui::Id::new("table-hover"))
        .order(egui::Order::Tooltip)
        .interactable(false)
        .pivot(pivot)
        .fixed_pos(pos + off)
        .constrain(true)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(270.0);
                body(ui, game, hit, chip);
            });
        });
}

fn body(ui: &mut egui::Ui, game: &Game, hit: Hit, chip: Option<String>) {
    let st = game.state();
    match hit {
        Hit::Ship(r) | Hit::Asset(r) | Hit::Upgrade(r) | Hit::Hand(r) => {
            card_info(ui, st, &game.names, r);
            glossary::footer(ui, Book::Orbitals, &card_words(st, r));
        }
        Hit::Project(r) => {
            let inst = st.inst(r);
            if inst.owner == game.viewer {
                let cost = st.card_of(r).construction_cost;
                ui.label(
                    RichText::new(format!("Your project: {}/{} points", inst.points, cost))
                        .color(theme::egui_color(theme::GOOD)),
                );
                ui.separator();
                card_info(ui, st, &game.names, r);
            } else {
                ui.label(RichText::new("Face-down project").font(theme::bold(15.0)));
                ui.label(format!("{} construction points so far.", inst.points));
                ui.label(
                    RichText::new("Its identity is hidden until it is finished.")
                        .small()
                        .weak(),
                );
            }
        }
        Hit::Band { asset, orbital } => {
            let n = st.orbital_count(asset);
            ui.label(
                RichText::new(format!(
                    "Orbital {} of {}",
                    orbital + 1,
                    card_name(st, asset)
                ))
                .font(theme::bold(15.0)),
            );
            ui.label(format!("Entry cost: {} dv", st.entry_cost(asset, orbital)));
            if orbital + 1 == n {
                ui.label(format!(
                    "Outermost orbital: ships arrive here by transfer (transfer cost now {} dv + entry).",
                    st.transfer_cost(asset)
                ));
            }
            if orbital == 0 {
                ui.label("Lowest orbital: new ships appear here; refits happen here.");
            }
            let d = st.debris_at(asset, orbital);
            if d > 0 {
                ui.label(
                    RichText::new(format!(
                        "Debris: {d} (ships left here with 0 dv take {d} damage at end of turn)"
                    ))
                    .color(theme::egui_color(theme::WARN)),
                );
            }
            let mut words = vec!["Orbital", "Entry cost"];
            if orbital + 1 == n {
                words.push("Transfer cost");
            }
            if d > 0 {
                words.push("Debris");
            }
            glossary::footer(ui, Book::Orbitals, &words);
        }
        Hit::Phase(ph) => {
            ui.label(RichText::new(phase_title(ph)).font(theme::bold(15.0)));
            if let Some(e) = glossary::explain(Book::Orbitals, phase_title(ph)) {
                ui.label(super::words::capital(e));
            }
            if ph == st.phase {
                ui.label(RichText::new("The current phase.").weak());
            }
        }
        Hit::OppHand => {
            if let Some(p) = st.players().find(|p| *p != game.viewer) {
                ui.label(format!(
                    "{}: {} cards in hand, {} in the deck.",
                    game.names.player(p),
                    st.hand_size(p),
                    st.deck_size(p)
                ));
            }
            ui.label(
                RichText::new("The opponent's cards and deck order are hidden.")
                    .small()
                    .weak(),
            );
        }
        Hit::Pass => {
            if game.human_to_act() {
                ui.label(format!("{} (Space).", pass_label(st.phase)));
                ui.label(
                    RichText::new("Ends this phase; after Construction your turn ends.")
                        .small()
                        .weak(),
                );
            } else {
                ui.label(format!("{} is playing.", game.names.player(st.active)));
            }
        }
        Hit::Chip(_) => {
            ui.label(chip.unwrap_or_default());
        }
        Hit::FieldSlot(_) => {
            ui.label("Start an asset project here: it is built face down on your field.");
        }
    }
}

/// The glossary words a card's popup uses.
fn card_words(st: &State, r: CardRef) -> Vec<&'static str> {
    let inst = st.inst(r);
    let mut w = match st.card_of(r).kind {
        CardKind::Spacecraft(_) => vec!["Delta-vee", "Armor", "Accuracy", "Population"],
        CardKind::Asset(_) => vec![
            "Construction power",
            "Population",
            "Orbital",
            "Transfer cost",
        ],
        CardKind::Upgrade(_) => vec!["Upgrade", "Bombardment resistance"],
    };
    if inst.zone == Zone::Hand {
        w.push("Construction points");
    }
    if inst.is_tapped() {
        w.push("Tapped");
    }
    if inst.is_destroyed() {
        w.push("Destroyed");
    }
    w
}

/// Everything about one card, with its current state when in play.
pub fn card_info(ui: &mut egui::Ui, st: &State, names: &Names, r: CardRef) {
    let inst = st.inst(r);
    let card = st.card_of(r);
    let title = match inst.zone {
        Zone::Ship | Zone::Asset | Zone::Upgrade => super::words::capital(&names.card(st, r)),
        _ => card.name.clone(),
    };
    ui.label(
        RichText::new(title)
            .font(theme::bold(16.0))
            .color(theme::egui_color(theme::seat(inst.owner))),
    );
    let kind = match &card.kind {
        CardKind::Spacecraft(s) => format!("Spacecraft · {}", s.class.name()),
        _ => card.kind_name().to_string(),
    };
    ui.label(
        RichText::new(format!(
            "{kind} · costs {} construction points to build",
            card.construction_cost
        ))
        .weak(),
    );
    ui.add_space(2.0);
    match &card.kind {
        CardKind::Spacecraft(s) => {
            let in_play = inst.zone == Zone::Ship;
            let (armor, acc, bomb, dv) = if in_play {
                (
                    st.armor(r),
                    st.accuracy(r),
                    st.bombardment_power(r),
                    st.max_dv(r),
                )
            } else {
                (s.armor, s.accuracy, s.bombardment_power, s.delta_vee)
            };
            ui.label(format!(
                "Armor {armor} · Accuracy {acc} · Bombardment {bomb}"
            ));
            ui.label(format!("Delta-vee {dv} · Population {}", s.population));
            if in_play {
                let host = inst
                    .host_ref()
                    .map(|h| card_name(st, h))
                    .unwrap_or_default();
                ui.label(RichText::new(format!("Orbital {} of {host}", inst.orbital + 1)).weak());
                ui.label(
                    RichText::new(format!("Delta-vee left: {}/{dv}", inst.dv))
                        .color(theme::egui_color(theme::DV)),
                );
                if inst.damage > 0 {
                    ui.label(
                        RichText::new(format!("Damage: {}/{armor}", inst.damage))
                            .color(theme::egui_color(theme::DAMAGE)),
                    );
                }
                if inst.is_fresh() {
                    ui.label(
                        RichText::new("Entered play this turn: cannot maneuver.")
                            .color(theme::egui_color(theme::WARN)),
                    );
                }
            }
        }
        CardKind::Asset(a) => {
            let cp = if inst.zone == Zone::Asset {
                st.construction_power(r)
            } else {
                a.construction_power
            };
            ui.label(format!(
                "Construction power {cp} · Population {}",
                a.population
            ));
            ui.label(format!(
                "Bombardment resistance {}",
                a.bombardment_resistance
            ));
            let orbs: Vec<String> = a.orbitals.iter().map(|o| o.to_string()).collect();
            ui.label(format!(
                "Orbitals (entry costs, lowest first): {}",
                orbs.join(", ")
            ));
            let tc: Vec<String> = a.transfer_costs.iter().map(|o| o.to_string()).collect();
            ui.label(format!("Transfer costs (clockwise): {}", tc.join(" → ")));
            let docks: Vec<&str> = a.factory_classes().map(|c| c.name()).collect();
            ui.label(if docks.is_empty() {
                "No shipyards".to_string()
            } else {
                format!("Builds: {}", docks.join(", "))
            });
            if inst.zone == Zone::Asset {
                ui.label(
                    RichText::new(format!(
                        "Transfer cost now: {} (orbit counter {})",
                        st.transfer_cost(r),
                        st.orbit_counter
                    ))
                    .color(theme::egui_color(theme::DV)),
                );
                if inst.damage > 0 {
                    ui.label(
                        RichText::new(format!(
                            "Damage: {}/{}",
                            inst.damage, a.bombardment_resistance
                        ))
                        .color(theme::egui_color(theme::DAMAGE)),
                    );
                }
                if inst.is_destroyed() {
                    ui.label(
                        RichText::new("Destroyed: can be orbited, gives nothing.")
                            .color(theme::egui_color(theme::BAD)),
                    );
                } else if inst.is_tapped() {
                    ui.label(RichText::new("Tapped: already acted this turn.").weak());
                }
            }
        }
        CardKind::Upgrade(u) => {
            ui.label(format!(
                "Bombardment resistance {}",
                u.bombardment_resistance
            ));
            if inst.zone == Zone::Upgrade {
                let host = inst
                    .host_ref()
                    .map(|h| card_name(st, h))
                    .unwrap_or_default();
                ui.label(RichText::new(format!("Installed under {host}")).weak());
                if inst.damage > 0 {
                    ui.label(
                        RichText::new(format!(
                            "Damage: {}/{}",
                            inst.damage, u.bombardment_resistance
                        ))
                        .color(theme::egui_color(theme::DAMAGE)),
                    );
                }
            }
        }
    }
    abilities_and_text(ui, card);
}

/// A card's abilities and its text (also used by the deck builder's preview).
pub fn abilities_and_text(ui: &mut egui::Ui, card: &crate::data::Card) {
    if !card.abilities.is_empty() {
        ui.add_space(3.0);
        for a in &card.abilities {
            ui.label(
                RichText::new(format!("• {}", a.describe()))
                    .color(theme::egui_color(theme::SELECT)),
            );
        }
    }
    if !card.text.is_empty() {
        ui.add_space(3.0);
        ui.label(RichText::new(&card.text).italics().weak());
    }
}

/// Label for a chip's command (for its tooltip).
pub fn chip_text(st: &State, names: &Names, cmd: &crate::rules::Command) -> String {
    command_label(st, names, cmd)
}
