//! The RoveR side panel (egui): the rover's energy, integrity, shielding, data carried and
//! uploaded, power and sensitivity; the three module slots (energy, range, durability; select
//! with 1–3, remove to the bay), the bay (install into an empty slot), refit on a chassis; the
//! planned attack's targets with their hit chance and damage; buttons for every key; the pace
//! of the autopilot; the log.
use super::controls::{module_of, Controls, Key};
use super::rv_words::{dir_word, entity_name};
use super::session::Session;
use crate::client::theme::{self, hex};
use crate::rover::content::BAY_SIZE;
use crate::rover::ids::Slot;
use crate::rover::map::Pickup;
use crate::rover::preview::AttackPreview;
use crate::rover::state::{ROUND_LIMIT, WIN_DATA};
use crate::rover::{Command, Dir};
use egui_macroquad::egui::{self, Color32, RichText};

/// Panel width in egui points.
pub const WIDTH: f32 = 350.0;

/// What the panel asked for.
pub enum PanelAct {
    Key(Key),
    Play(Command),
    Menu,
}

fn c(col: macroquad::color::Color) -> Color32 {
    theme::egui_color(col)
}

/// A labelled bar: `value` of `max`.
fn meter(ui: &mut egui::Ui, label: &str, value: i32, max: i32, col: Color32, hint: &str) {
    ui.horizontal(|ui| {
        ui.add_sized(
            [82.0, 16.0],
            egui::Label::new(RichText::new(label).strong()),
        );
        let frac = if max > 0 {
            value as f32 / max as f32
        } else {
            0.0
        };
        ui.add(
            egui::ProgressBar::new(frac.clamp(0.0, 1.0))
                .desired_width(150.0)
                .desired_height(14.0)
                .fill(col)
                .text(RichText::new(format!("{value} / {max}")).color(Color32::WHITE)),
        )
        .on_hover_text(hint);
    });
}

fn rover_stats(ui: &mut egui::Ui, sess: &Session) {
    let s = sess.state();
    let r = s.rover();
    let ch = s.rover_chassis();
    meter(ui, "Energy", r.energy, ch.energy as i32, c(hex(0xd9a31e)), "Every action costs energy; 0 destroys the rover. Ending an action on the drop pod refills it.");
    meter(
        ui,
        "Integrity",
        r.integrity,
        ch.integrity as i32,
        c(hex(0x2f9e6a)),
        "Damage beyond shielding comes off integrity; 0 destroys the rover.",
    );
    meter(
        ui,
        "Shielding",
        r.shielding,
        ch.shield_max as i32,
        c(hex(0x2f7fbf)),
        "Absorbs damage one for one, until spent.",
    );
    meter(
        ui,
        "Data",
        r.data,
        ch.data_max as i32,
        c(hex(0x8a5cd6)),
        "Data carried: analyze or destroy entities; upload it at the drop pod.",
    );
    meter(
        ui,
        "Uploaded",
        r.uploaded,
        WIN_DATA,
        c(theme::GOOD),
        "Upload 30 data at the drop pod to win.",
    );
    ui.label(
        RichText::new(format!(
            "{} chassis · power {} · sensitivity {} · move costs {}",
            ch.name, ch.power, ch.sensitivity, ch.move_cost
        ))
        .small()
        .color(c(theme::TEXT_DIM)),
    );
    let mut flags = Vec::new();
    if r.stalled {
        flags.push("stalled: no driving this turn");
    }
    if r.shorted {
        flags.push("shorted: only driving this turn");
    }
    if !flags.is_empty() {
        ui.label(RichText::new(flags.join(" · ")).color(c(theme::WARN)));
    }
}

fn slots(ui: &mut egui::Ui, sess: &Session, ctl: &Controls, act: &mut Option<PanelAct>) {
    let s = sess.state();
    let legal = sess.legal();
    let n = s.rover_chassis().slots;
    ui.label(RichText::new("Modules").font(theme::bold(15.0)));
    for k in 0..3u8 {
        let slot = Slot(k);
        let sel = ctl.slot == Some(slot);
        let frame = egui::Frame::new()
            .fill(if sel {
                c(hex(0x3a3215))
            } else {
                c(theme::CARD_DARK)
            })
            .stroke(egui::Stroke::new(
                1.0,
                if sel {
                    c(theme::SELECT)
                } else {
                    c(theme::CARD_EDGE)
                },
            ))
            .corner_radius(4)
            .inner_margin(4);
        frame.show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                let key = RichText::new(format!("{}", k + 1)).font(theme::bold(15.0));
                if k >= n {
                    ui.label(key.color(c(theme::TEXT_FAINT)));
                    ui.label(
                        RichText::new("no such slot on this chassis")
                            .small()
                            .color(c(theme::TEXT_FAINT)),
                    );
                    return;
                }
                match s.rover().slot(slot) {
                    None => {
                        ui.label(key.color(c(theme::TEXT_FAINT)));
                        ui.label(RichText::new("empty").color(c(theme::TEXT_FAINT)));
                    }
                    Some(m) => {
                        let d = s.db().module(m.module);
                        if ui
                            .selectable_label(sel, key)
                            .on_hover_text("Select this slot (key 1–3; again to deselect)")
                            .clicked()
                        {
                            *act = Some(PanelAct::Key(Key::Slot(k)));
                        }
                        ui.vertical(|ui| {
                            ui.horizontal(|ui| {
                                ui.label(RichText::new(&d.name).strong());
                                ui.with_layout(
                                    egui::Layout::right_to_left(egui::Align::Center),
                                    |ui| {
                                        let rm = Command::Remove(slot);
                                        if ui
                                            .add_enabled(
                                                legal.contains(&rm),
                                                egui::Button::new("Remove").small(),
                                            )
                                            .on_hover_text(
                                                "Move it to the bay (takes your turn, R14)",
                                            )
                                            .clicked()
                                        {
                                            *act = Some(PanelAct::Play(rm));
                                        }
                                    },
                                );
                            });
                            let range = if d.class.aimed() || d.range > 0 {
                                format!(" · range {}", d.range)
                            } else {
                                String::new()
                            };
                            let data = if d.data > 0 {
                                format!(" · {} data", d.data)
                            } else {
                                String::new()
                            };
                            ui.label(
                                RichText::new(format!(
                                    "{}{range} · {} energy{data} · durability {}/{}",
                                    d.class.name(),
                                    d.energy,
                                    m.durability,
                                    d.durability
                                ))
                                .small()
                                .color(c(theme::TEXT_DIM)),
                            );
                            let effects: Vec<String> =
                                d.abilities.iter().map(|a| a.to_string()).collect();
                            ui.label(
                                RichText::new(effects.join(", "))
                                    .small()
                                    .color(c(theme::TEXT_DIM)),
                            );
                        });
                    }
                }
            });
        });
    }
}

fn bay(ui: &mut egui::Ui, sess: &Session, act: &mut Option<PanelAct>) {
    let s = sess.state();
    let legal = sess.legal();
    let n = s.rover().bay_len();
    ui.label(RichText::new(format!("Bay ({n} of {BAY_SIZE})")).font(theme::bold(15.0)));
    if n == 0 {
        ui.label(
            RichText::new("empty: caches (K) fill it")
                .small()
                .color(c(theme::TEXT_FAINT)),
        );
    }
    let free = (0..s.rover_chassis().slots).any(|k| s.rover().slot(Slot(k)).is_none());
    if n > 0 && !free {
        ui.label(
            RichText::new("To install one, first remove a module from its slot.")
                .small()
                .color(c(theme::TEXT_FAINT)),
        );
    }
    for b in 0..n {
        let Some(m) = s.rover().bay[b] else { continue };
        let d = s.db().module(m.module);
        ui.horizontal(|ui| {
            ui.label(RichText::new(&d.name)).on_hover_text(format!(
                "{} · {} energy · range {} · durability {}/{}",
                d.class.name(),
                d.energy,
                d.range,
                m.durability,
                d.durability
            ));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                for k in (0..3u8).rev() {
                    let cmd = Command::Install {
                        bay: b as u8,
                        slot: Slot(k),
                    };
                    if legal.contains(&cmd)
                        && ui
                            .small_button(format!("→ {}", k + 1))
                            .on_hover_text(format!(
                                "Install in slot {} (takes your turn, R14)",
                                k + 1
                            ))
                            .clicked()
                    {
                        *act = Some(PanelAct::Play(cmd));
                    }
                }
            });
        });
    }
    // Refit on a chassis pickup.
    if let Some(i) = s.pickup_at(s.rover().at) {
        if let Pickup::Chassis(ch) = s.pickups()[i].1 {
            let d = s.db().chassis(ch);
            let text = format!(
                "Refit to {} ({} slots, integrity {}, energy {}, power {}, sensitivity {})",
                d.name, d.slots, d.integrity, d.energy, d.power, d.sensitivity
            );
            if ui
                .add_enabled(
                    legal.contains(&Command::Refit),
                    egui::Button::new(text).wrap(),
                )
                .on_hover_text("Swap chassis with the one here; values are kept and capped")
                .clicked()
            {
                *act = Some(PanelAct::Play(Command::Refit));
            }
        }
    }
}

/// The planned attack: each target's chance (the die and the roll it needs) and damage.
fn plan(ui: &mut egui::Ui, sess: &Session, ctl: &Controls, preview: Option<&AttackPreview>) {
    let s = sess.state();
    let Some(k) = ctl.slot else {
        ui.label(
            RichText::new(
                "No slot selected: W/A/S/D drive (into an entity: ram). 1–3 select a module.",
            )
            .small()
            .color(c(theme::TEXT_DIM)),
        );
        return;
    };
    let Some((class, range, name)) = module_of(s, k) else {
        return;
    };
    let aim = if class.aimed() {
        format!(" aimed {}", dir_word(ctl.aim))
    } else {
        String::new()
    };
    ui.label(
        RichText::new(format!("Slot {k}: {name}{aim}"))
            .strong()
            .color(c(theme::SELECT)),
    );
    let how = match class {
        crate::rover::module::Class::Local => {
            "Drive toward an adjacent entity to use it (or aim and Enter).".to_string()
        }
        crate::rover::module::Class::Ranged => {
            format!("W/A/S/D aim, Enter fires at the first entity within {range}.")
        }
        crate::rover::module::Class::Piercing => {
            format!("W/A/S/D aim, Enter hits every entity within {range} in line.")
        }
        crate::rover::module::Class::Burst => {
            format!("Enter hits every entity within {range} cells.")
        }
        crate::rover::module::Class::Transport => "W/A/S/D aim, Enter moves with it.".to_string(),
        crate::rover::module::Class::Internal => "Enter uses it on the rover.".to_string(),
    };
    ui.label(RichText::new(how).small().color(c(theme::TEXT_DIM)));
    let Some(p) = preview else { return };
    if p.targets.is_empty() {
        ui.label(RichText::new("No target in reach.").color(c(theme::TEXT_FAINT)));
    }
    for t in &p.targets {
        let roll = match t.chance.die {
            Some(d) => format!("hits on {}+ on the {d}", t.chance.need),
            None if t.chance.percent == 100 => "sure hit".into(),
            None => "cannot hit".into(),
        };
        let dmg = if t.raw > 0 {
            format!(
                ", {} damage ({} absorbed) → integrity {}",
                t.raw,
                t.absorbed,
                (t.integrity - (t.raw - t.absorbed)).max(0)
            )
        } else {
            String::new()
        };
        let col = match t.chance.percent {
            0 => c(theme::BAD),
            100 => c(theme::GOOD),
            _ => c(theme::TEXT),
        };
        ui.label(
            RichText::new(format!(
                "{}% {} ({} away): {roll}{dmg}",
                t.chance.percent,
                entity_name(s, t.id),
                t.distance
            ))
            .color(col),
        );
    }
}

fn pad(ui: &mut egui::Ui, ctl: &Controls, act: &mut Option<PanelAct>) {
    let mut key = |ui: &mut egui::Ui, label: &str, k: Key, hint: &str| {
        if ui
            .add_sized([40.0, 26.0], egui::Button::new(label))
            .on_hover_text(hint)
            .clicked()
        {
            *act = Some(PanelAct::Key(k));
        }
    };
    let verb = if ctl.slot.is_some() { "Aim" } else { "Drive" };
    ui.horizontal(|ui| {
        ui.add_space(44.0);
        key(ui, "W", Key::Dir(Dir::N), &format!("{verb} north (W)"));
        ui.add_space(12.0);
        key(ui, "Enter", Key::Enter, "Use the selected module (Enter)");
        key(ui, "Wait", Key::Wait, "Wait a round (Space)");
    });
    ui.horizontal(|ui| {
        key(ui, "A", Key::Dir(Dir::W), &format!("{verb} west (A)"));
        key(ui, "S", Key::Dir(Dir::S), &format!("{verb} south (S)"));
        key(ui, "D", Key::Dir(Dir::E), &format!("{verb} east (D)"));
        let t = if ctl.all { "L: all" } else { "L: hostile" };
        key(
            ui,
            t,
            Key::Targeting,
            "Keys act on hostiles only, or on every entity (L)",
        );
        key(ui, "Keys", Key::Help, "Show every key (H)");
    });
}

pub fn show(
    ctx: &egui::Context,
    sess: &mut Session,
    ctl: &Controls,
    preview: Option<&AttackPreview>,
    hover: Option<&str>,
) -> Option<PanelAct> {
    let mut act = None;
    theme::side_panel(ctx, "rover-panel", WIDTH).show(ctx, |ui| {
        ui.spacing_mut().item_spacing.y = 4.0;
        ui.horizontal(|ui| {
            ui.label(RichText::new("RoveR").font(theme::bold(19.0)));
            ui.label(
                RichText::new(format!("round {} of {ROUND_LIMIT}", sess.state().round()))
                    .color(c(theme::TEXT_DIM)),
            );
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui.button("Menu").clicked() {
                    act = Some(PanelAct::Menu);
                }
                if ui
                    .add_enabled(sess.game.can_undo(), egui::Button::new("Undo"))
                    .on_hover_text("Take back your last command (Ctrl+Z)")
                    .clicked()
                {
                    act = Some(PanelAct::Key(Key::Undo));
                }
            });
        });
        rover_stats(ui, sess);
        ui.separator();
        slots(ui, sess, ctl, &mut act);
        bay(ui, sess, &mut act);
        ui.separator();
        if !sess.watching() {
            plan(ui, sess, ctl, preview);
        }
        if sess.watching() {
            ui.horizontal(|ui| {
                ui.label(RichText::new("Autopilot pace").strong());
                ui.add(egui::Slider::new(&mut sess.game.speed, 0.25..=8.0).logarithmic(true));
            });
        } else {
            pad(ui, ctl, &mut act);
        }
        if let Some(h) = hover {
            ui.label(RichText::new(h).small().color(c(theme::TEXT_DIM)));
        }
        ui.separator();
        sess.log.show(ui, None, |_| c(theme::DV));
    });
    act
}
