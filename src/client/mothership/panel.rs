//! The Mothership side panel (egui): whose turn and what the AI is doing, every player's
//! points, reserve, ships and score, the phase's controls (landing orientation, units to
//! deploy, the sealed turn-21 choice, the selection's commands without a cell, end turn,
//! undo), the rules' last refusal, and the log in plain words. Also the small menu when several
//! commands aim at one cell, and the hot-seat curtain before a sealed choice.
use super::input::{inside, Sel};
use super::screen::{MsScreen, PANEL};
use super::units;
use super::words;
use crate::client::theme::{self, hex};
use crate::ids::PlayerId;
use crate::mothership::outcome::{contents, score, ship_score};
use crate::mothership::state::{Phase, ShipStatus, CHOICE_TURN, LAST_TURN};
use crate::mothership::takeoff::{choice_budget, cost as takeoff_cost};
use crate::mothership::{Command, Seat, State};
use egui_macroquad::egui::{self, Color32, RichText};

/// What the panel asks for.
pub enum PanelAct {
    Play(Command),
    Select(Sel),
    ClosePopup,
    Undo,
    LiftCurtain,
    Menu,
}

fn seat_colour(p: Seat) -> Color32 {
    theme::egui_color(theme::seat(PlayerId(p.0)))
}

/// What the phase asks of the player to act, in a few words.
fn phase_line(s: &State) -> String {
    match s.phase() {
        Phase::Landing => "Landing (turn 1): place the ship".into(),
        Phase::Deploy => "Deployment (turn 2): units out of the ship".into(),
        Phase::Choose => format!("Turn {CHOICE_TURN}: sealed take-off choice"),
        Phase::Play if s.turn_number() == LAST_TURN => {
            format!("Turn {LAST_TURN}: last chance to take off")
        }
        Phase::Play => format!("Turn {} of {LAST_TURN}", s.turn_number()),
        Phase::Over => "The game is over".into(),
    }
}

pub fn show(ctx: &egui::Context, scr: &mut MsScreen, acts: &mut Vec<PanelAct>) {
    egui::SidePanel::right("ms-panel")
        .exact_width(PANEL)
        .resizable(false)
        .show(ctx, |ui| {
            ui.spacing_mut().item_spacing.y = 5.0;
            let s = scr.session.state().clone();
            ui.label(RichText::new("Mothership").font(theme::bold(19.0)));
            ui.label(RichText::new(phase_line(&s)).strong());
            status(ui, scr, &s);
            ui.separator();
            players(ui, scr, &s);
            ui.separator();
            if scr.session.human_to_act() && !scr.curtain_up() {
                controls(ui, scr, &s, acts);
            }
            if let Some(why) = &scr.session.refusal {
                ui.label(
                    RichText::new(format!("Not allowed: {why}"))
                        .color(theme::egui_color(theme::BAD)),
                );
            }
            ui.horizontal(|ui| {
                ui.checkbox(&mut scr.zones, "Fire zones (F)");
                ui.checkbox(&mut scr.planet, "Planet (G)")
                    .on_hover_text("The planet under the map: landing sites and the orbit");
                if ui
                    .add_enabled(scr.session.game.can_undo(), egui::Button::new("Undo"))
                    .on_hover_text("Take back your last command (Ctrl+Z)")
                    .clicked()
                {
                    acts.push(PanelAct::Undo);
                }
                if ui.button("Menu").clicked() {
                    acts.push(PanelAct::Menu);
                }
            });
            ui.separator();
            let viewer = scr.viewer().map(|p| PlayerId(p.0));
            scr.session
                .log
                .show(ui, viewer, |p| theme::egui_color(theme::seat(p)));
        });
}

fn status(ui: &mut egui::Ui, scr: &MsScreen, s: &State) {
    if scr.session.over() {
        return;
    }
    let p = s.active();
    let name = scr.session.name(p);
    let text = if let Some((cmd, _)) = scr.session.announced() {
        format!("{name}: {}", words::command(s, &cmd))
    } else if scr.session.thinking() {
        format!("{name} is thinking…")
    } else {
        format!("{name} to play")
    };
    ui.label(RichText::new(text).color(seat_colour(p)));
}

fn players(ui: &mut egui::Ui, scr: &MsScreen, s: &State) {
    egui::Grid::new("ms-players")
        .num_columns(4)
        .spacing([10.0, 3.0])
        .show(ui, |ui| {
            ui.label(RichText::new("Player").small());
            ui.label(RichText::new("Points").small());
            ui.label(RichText::new("Ships").small());
            ui.label(RichText::new("Score").small());
            ui.end_row();
            for p in s.seats() {
                let pl = s.player(p);
                let mut name = scr.session.name(p);
                if p == s.active() && !s.standing().is_over() {
                    name = format!("▶ {name}");
                }
                ui.label(RichText::new(name).color(seat_colour(p)).strong());
                ui.label(format!("{} (+{} saved)", pl.points, pl.reserve));
                let down = s.ships_on_planet(p);
                let gone = s
                    .ships()
                    .iter()
                    .filter(|x| x.controller == p && x.status == ShipStatus::Departed)
                    .count();
                let ships = if pl.lost {
                    "lost".to_string()
                } else if gone > 0 {
                    format!("{down} down, {gone} off")
                } else {
                    format!("{down} down")
                };
                ui.label(ships);
                ui.label(score(s, p).to_string());
                ui.end_row();
            }
        });
}

fn cost_text(c: Option<u16>) -> String {
    c.map_or(String::new(), |n| format!(" ({n} pt)"))
}

fn controls(ui: &mut egui::Ui, scr: &mut MsScreen, s: &State, acts: &mut Vec<PanelAct>) {
    let legal = scr.session.legal().to_vec();
    match s.phase() {
        Phase::Landing => {
            ui.label(
                "Click a green dot to land the dome there. Red rings: ore the landing clears.",
            );
            ui.horizontal(|ui| {
                ui.label("Pods (R):");
                ui.selectable_value(&mut scr.orient, 0, "E, NW, SW");
                ui.selectable_value(&mut scr.orient, 1, "W, NE, SE");
            });
        }
        Phase::Deploy => {
            ui.label("Pick a unit, then a lit cell within 4 of the dome (or a carrier).");
            let in_ship: Vec<_> = s
                .unit_ids()
                .filter(|&u| {
                    matches!(s.unit(u).loc, crate::mothership::state::Loc::Ship(x) if s.ship(x).controller == s.active())
                })
                .collect();
            ui.horizontal_wrapped(|ui| {
                for u in in_ship {
                    let on = scr.sel == Sel::Unit(u);
                    if ui
                        .selectable_label(on, words::kind(s.unit(u).kind))
                        .clicked()
                    {
                        acts.push(PanelAct::Select(Sel::Unit(u)));
                    }
                }
            });
            ui.horizontal(|ui| {
                if ui.button("Done deploying").clicked() {
                    acts.push(PanelAct::Play(Command::End));
                }
                if legal.contains(&Command::Plan { style: 0 })
                    && ui
                        .button("Deploy the rest for me")
                        .on_hover_text("The built-in planner deploys and ends")
                        .clicked()
                {
                    acts.push(PanelAct::Play(Command::Plan { style: 0 }));
                }
            });
        }
        Phase::Choose => {
            egui::Frame::group(ui.style())
                .stroke(egui::Stroke::new(1.5, theme::egui_color(theme::WARN)))
                .show(ui, |ui| {
                    ui.label(
                        RichText::new("Take off now? (turn 21, sealed)")
                            .strong()
                            .color(theme::egui_color(theme::WARN)),
                    );
                    ui.label(format!(
                        "Tick each ship that leaves now; the others see nothing until all \
                         have sealed. Budget: {} points. A ship that stays may still take off \
                         at turn {LAST_TURN}; one still down after that is stranded (scores 0).",
                        choice_budget(s, s.active())
                    ));
                    for x in s.ship_ids() {
                        let ship = s.ship(x);
                        if !ship.on_planet() || ship.controller != s.active() {
                            continue;
                        }
                        let (ore, n) = contents(s, x);
                        let mut on = scr.seal & (1 << x.0) != 0;
                        let text = format!(
                            "Ship at {} leaves: {ore} ore, {n} units aboard, scores {}; costs {}",
                            s.cell_name(ship.dome),
                            ship_score(s, x),
                            takeoff_cost(s, x)
                        );
                        if ui.checkbox(&mut on, text).changed() {
                            scr.seal ^= 1 << x.0;
                        }
                    }
                    let cmd = Command::Seal { leave: scr.seal };
                    let label = if scr.seal == 0 {
                        "Seal: every ship stays"
                    } else {
                        "Seal: the ticked ships leave"
                    };
                    let button = egui::Button::new(RichText::new(label).strong())
                        .fill(theme::egui_color(hex(0x7a5a1f)));
                    if ui.add_enabled(legal.contains(&cmd), button).clicked() {
                        acts.push(PanelAct::Play(cmd));
                    }
                });
        }
        Phase::Play => play_controls(ui, scr, s, &legal, acts),
        Phase::Over => {}
    }
}

/// The planner's styles a player may hand the rest of a turn to (style 0 only ends the turn).
pub const PLAN_STYLES: [(u8, &str, &str); 5] = [
    (
        1,
        "mine",
        "Destroyers stay; the weather layer brings ore into the ship",
    ),
    (
        2,
        "mine and build",
        "Mine, build crabs (then tanks), destroyers advance two cells",
    ),
    (
        3,
        "attack",
        "Destroyers advance and fire, open ships are captured; mining goes on",
    ),
    (
        4,
        "rush",
        "Every unit leaves the ship and advances; no mining",
    ),
    (
        5,
        "bring everyone home",
        "Every land unit goes back into the ship (at turn 25 it then takes off)",
    ),
];

fn play_controls(
    ui: &mut egui::Ui,
    scr: &mut MsScreen,
    s: &State,
    legal: &[Command],
    acts: &mut Vec<PanelAct>,
) {
    match scr.sel {
        Sel::Unit(u) => {
            let mut t = units::describe(s, u);
            if !s.in_element(u) && s.unit(u).cell().is_some() {
                t.push_str(" — stuck or aground");
            }
            ui.label(
                RichText::new(format!("Selected: {t}")).color(theme::egui_color(theme::SELECT)),
            );
        }
        Sel::Ship(x) => {
            let ship = s.ship(x);
            let (ore, n) = contents(s, x);
            ui.label(
                RichText::new(format!(
                    "Selected: ship — {ore} ore, {n} units, turrets {}/3",
                    3 - ship.destroyed_turrets()
                ))
                .color(theme::egui_color(theme::SELECT)),
            );
        }
        Sel::None => {
            ui.label("Click one of your units or your ship.");
        }
    }
    let inner = inside(s, scr.sel);
    if !inner.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label("Inside:");
            for v in inner {
                if ui.small_button(units::describe(s, v)).clicked() {
                    acts.push(PanelAct::Select(Sel::Unit(v)));
                }
            }
        });
    }
    for ch in &scr.options.other {
        if ui
            .button(format!("{}{}", ch.text, cost_text(ch.cost)))
            .clicked()
        {
            acts.push(PanelAct::Play(ch.cmd));
        }
    }
    ui.horizontal(|ui| {
        let end = egui::Button::new(RichText::new("End turn").strong())
            .fill(theme::egui_color(hex(0x1f7a55)));
        if ui
            .add_enabled(legal.contains(&Command::End), end)
            .on_hover_text("Enter. Points left are saved in fives, at most 10")
            .clicked()
        {
            acts.push(PanelAct::Play(Command::End));
        }
        let plan = Command::Plan {
            style: scr.plan_style,
        };
        if legal.contains(&plan)
            && ui
                .button("Finish the turn for me")
                .on_hover_text("The built-in planner plays the rest of this turn, as chosen below")
                .clicked()
        {
            acts.push(PanelAct::Play(plan));
        }
    });
    ui.horizontal(|ui| {
        ui.label("The planner:");
        let now = PLAN_STYLES
            .iter()
            .find(|p| p.0 == scr.plan_style)
            .map_or("", |p| p.1);
        egui::ComboBox::from_id_salt("ms-plan-style")
            .selected_text(now)
            .show_ui(ui, |ui| {
                for (style, label, help) in PLAN_STYLES {
                    ui.selectable_value(&mut scr.plan_style, style, label)
                        .on_hover_text(help);
                }
            });
    });
}

/// The menu of commands aiming at one cell.
pub fn popup(ctx: &egui::Context, scr: &MsScreen) -> Option<PanelAct> {
    let (cell, at) = scr.popup?;
    let mut out = None;
    egui::Area::new(egui::Id::new("ms-popup"))
        .fixed_pos(at)
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                for ch in scr.options.at(cell) {
                    if ui
                        .button(format!("{}{}", ch.text, cost_text(ch.cost)))
                        .clicked()
                    {
                        out = Some(PanelAct::Play(ch.cmd));
                    }
                }
                if ui.button("Cancel").clicked() {
                    out = Some(PanelAct::ClosePopup);
                }
            });
        });
    out
}

/// The hot-seat curtain before a sealed choice: true when the player takes the seat.
pub fn curtain(ctx: &egui::Context, scr: &MsScreen) -> bool {
    let name = scr.session.name(scr.session.state().active());
    let mut lift = false;
    egui::Window::new("ms-curtain")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [-PANEL / 2.0, 0.0])
        .show(ctx, |ui| {
            ui.label(
                RichText::new(format!("{name}: your sealed take-off choice"))
                    .font(theme::bold(18.0)),
            );
            ui.label("The others look away: the choices are revealed together.");
            if ui.button(format!("I am {name}")).clicked() {
                lift = true;
            }
        });
    lift
}
