//! The desktop client renders: the built binary runs under a virtual X display (`xvfb-run`)
//! for the menu, the table in the middle of an AI-vs-AI game, the game-over screen and the deck
//! builder with a deck open, and each
//! saved PNG is decoded and checked: not blank, and every region of the table actually drawn.
//!
//! Needs `xvfb-run` (Debian: `apt-get install -y xvfb xauth libgl1-mesa-dri libglx-mesa0`).
#![cfg(feature = "client")]

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// `xvfb-run -a` picks a free display but races when started in parallel: one at a time.
static XVFB: Mutex<()> = Mutex::new(());

const W: u32 = 1280;
const H: u32 = 800;

struct Shot {
    w: u32,
    h: u32,
    rgba: Vec<u8>,
}

impl Shot {
    fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        let i = ((y * self.w + x) * 4) as usize;
        [
            self.rgba[i],
            self.rgba[i + 1],
            self.rgba[i + 2],
            self.rgba[i + 3],
        ]
    }

    /// Distinct colours (quantised a little) in a rectangle.
    fn colours(&self, x0: u32, y0: u32, w: u32, h: u32) -> usize {
        let mut set = HashSet::new();
        for y in (y0..(y0 + h).min(self.h)).step_by(2) {
            for x in (x0..(x0 + w).min(self.w)).step_by(2) {
                let p = self.pixel(x, y);
                set.insert([p[0] >> 2, p[1] >> 2, p[2] >> 2]);
            }
        }
        set.len()
    }

    /// Share of pixels in a rectangle that differ clearly from the rectangle's commonest colour.
    fn ink(&self, x0: u32, y0: u32, w: u32, h: u32) -> f64 {
        let mut counts = std::collections::HashMap::new();
        let mut all = Vec::new();
        for y in y0..(y0 + h).min(self.h) {
            for x in x0..(x0 + w).min(self.w) {
                let p = self.pixel(x, y);
                let q = [p[0] >> 3, p[1] >> 3, p[2] >> 3];
                *counts.entry(q).or_insert(0usize) += 1;
                all.push(p);
            }
        }
        let bg = counts
            .iter()
            .max_by_key(|(_, n)| **n)
            .map(|(c, _)| *c)
            .unwrap_or([0; 3]);
        let far = all
            .iter()
            .filter(|p| {
                let d: i32 = (0..3)
                    .map(|i| ((p[i] >> 3) as i32 - bg[i] as i32).abs())
                    .sum();
                d > 3
            })
            .count();
        far as f64 / all.len().max(1) as f64
    }
}

fn out_dir() -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join("client-shots");
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn require_xvfb() {
    let found = Command::new("sh")
        .args(["-c", "command -v xvfb-run"])
        .stdout(Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    assert!(
        found,
        "xvfb-run is not installed: the client screenshot tests need a virtual X display. \
         Install it with: apt-get install -y xvfb xauth libgl1-mesa-dri libglx-mesa0"
    );
}

/// Runs the client with `args` plus `--screenshot FILE` and decodes the PNG.
fn shoot(name: &str, args: &[&str]) -> Shot {
    require_xvfb();
    let _one = XVFB.lock().unwrap_or_else(|e| e.into_inner());
    let file = out_dir().join(format!("{name}.png"));
    let _ = std::fs::remove_file(&file);
    let screen = format!("-screen 0 {W}x{H}x24");
    let mut child = Command::new("xvfb-run")
        .args(["-a", "-s", &screen, env!("CARGO_BIN_EXE_orbitals")])
        .args(args)
        .arg("--screenshot")
        .arg(&file)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start xvfb-run");
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > Duration::from_secs(240) {
            let _ = child.kill();
            panic!("{name}: the client did not finish within 240 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let out = child.wait_with_output().unwrap();
    assert!(
        status.success(),
        "{name}: client failed ({status}):\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let f = std::fs::File::open(&file)
        .unwrap_or_else(|e| panic!("{name}: no PNG at {}: {e}", file.display()));
    let mut dec = png::Decoder::new(f);
    dec.set_transformations(png::Transformations::EXPAND);
    let mut reader = dec.read_info().expect("PNG header");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("PNG data");
    buf.truncate(info.buffer_size());
    let rgba = match info.color_type {
        png::ColorType::Rgba => buf,
        png::ColorType::Rgb => buf
            .chunks(3)
            .flat_map(|c| [c[0], c[1], c[2], 255])
            .collect(),
        other => panic!("{name}: unexpected PNG colour type {other:?}"),
    };
    assert_eq!((info.width, info.height), (W, H), "{name}: window size");
    Shot {
        w: info.width,
        h: info.height,
        rgba,
    }
}

fn assert_not_blank(name: &str, s: &Shot) {
    let n = s.colours(0, 0, s.w, s.h);
    assert!(n > 100, "{name}: the frame looks blank ({n} colours)");
}

#[test]
fn menu_is_drawn() {
    let s = shoot("menu", &["--screen", "menu", "--frames", "10"]);
    assert_not_blank("menu", &s);
    // The title over the backdrop, and the egui menu window below it.
    assert!(s.ink(300, 120, 680, 100) > 0.05, "menu: no title");
    assert!(s.colours(440, 320, 400, 200) > 20, "menu: no menu window");
}

#[test]
fn table_mid_game_regions_are_drawn() {
    let s = shoot(
        "table",
        &[
            "--demo",
            "7",
            "--skip-turns",
            "16",
            "--frames",
            "120",
            "--screen",
            "table",
        ],
    );
    assert_not_blank("table", &s);
    // Regions at 1280×800 (see client/table/layout.rs): the table is the left ~980 px.
    let regions = [
        ("opponent bar", 0, 0, 970, 34),
        ("opponent assets and orbitals", 0, 40, 970, 280),
        ("phase bar", 0, 326, 970, 44),
        ("your orbitals and assets", 0, 372, 970, 285),
        ("your player box", 0, 662, 190, 138),
        ("side panel", 985, 0, 295, 800),
    ];
    for (what, x, y, w, h) in regions {
        let c = s.colours(x, y, w, h);
        let ink = s.ink(x, y, w, h);
        assert!(
            c > 12 && ink > 0.01,
            "table: {what} looks empty ({c} colours, {:.3} ink)",
            ink
        );
    }
}

#[test]
fn game_over_is_drawn() {
    let s = shoot(
        "gameover",
        &["--demo", "3", "--screen", "gameover", "--frames", "20"],
    );
    assert_not_blank("gameover", &s);
    // The result window sits over the middle of the table.
    assert!(
        s.colours(300, 280, 400, 240) > 30,
        "gameover: no result window"
    );
    assert!(s.ink(985, 0, 295, 800) > 0.02, "gameover: no side panel");
}

#[test]
fn deck_builder_regions_are_drawn() {
    let s = shoot(
        "deckbuilder",
        &[
            "--screen",
            "deckbuilder",
            "--deck",
            "decks/bastion.yaml",
            "--frames",
            "20",
        ],
    );
    assert_not_blank("deckbuilder", &s);
    // Regions at 1280×800 (see client/deckbuilder/mod.rs): a tool bar, the library on the left
    // (~26 %), the deck in the middle, the preview and the statistics on the right (~27 %).
    let regions = [
        ("tool bar", 0, 0, 1280, 44),
        ("library filters", 0, 50, 330, 160),
        ("library cards", 0, 230, 330, 540),
        ("homeworld slot and count", 345, 50, 580, 120),
        ("deck slots", 345, 180, 580, 590),
        ("card preview", 940, 50, 335, 180),
        ("statistics and cost curve", 940, 250, 335, 300),
    ];
    for (what, x, y, w, h) in regions {
        let c = s.colours(x, y, w, h);
        let ink = s.ink(x, y, w, h);
        assert!(
            c > 12 && ink > 0.01,
            "deckbuilder: {what} looks empty ({c} colours, {:.3} ink)",
            ink
        );
    }
    // The shipped deck is valid: the engine's checker says so in green in the tool bar.
    let green = (900..1140)
        .flat_map(|x| (8..36).map(move |y| (x, y)))
        .filter(|&(x, y)| {
            let p = s.pixel(x, y);
            p[1] > 170 && p[0] < 120 && p[2] > 110 && p[2] < 190
        })
        .count();
    assert!(
        green > 20,
        "deckbuilder: no \"Playable\" mark ({green} green pixels)"
    );
}
