//! The client's globe views render: the built binary runs under a virtual X display
//! (`xvfb-run`) for a Globetrotter game mid-play, a two-planet Globetrotter game in its system
//! view, the card table with the linked globe view beside it, and the card game's system view.
//! Each PNG is decoded and checked: not blank, the globe drawn where it should be, highlights
//! present, and the panels drawn.
//!
//! Needs `xvfb-run` (Debian: `apt-get install -y xvfb xauth libgl1-mesa-dri libglx-mesa0`).
#![cfg(feature = "client")]

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// `xvfb-run -a` races when started in parallel: one at a time.
static XVFB: Mutex<()> = Mutex::new(());

const W: u32 = 1280;
const H: u32 = 800;

struct Shot {
    w: u32,
    h: u32,
    rgba: Vec<u8>,
}

impl Shot {
    fn pixel(&self, x: u32, y: u32) -> [u8; 3] {
        let i = ((y * self.w + x) * 4) as usize;
        [self.rgba[i], self.rgba[i + 1], self.rgba[i + 2]]
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

    /// Share of pixels in a rectangle close to `rgb` (each channel within `tol`).
    fn share_near(&self, x0: u32, y0: u32, w: u32, h: u32, rgb: [u8; 3], tol: i32) -> f64 {
        let (mut n, mut hit) = (0usize, 0usize);
        for y in y0..(y0 + h).min(self.h) {
            for x in x0..(x0 + w).min(self.w) {
                let p = self.pixel(x, y);
                n += 1;
                if (0..3).all(|i| (p[i] as i32 - rgb[i] as i32).abs() <= tol) {
                    hit += 1;
                }
            }
        }
        hit as f64 / n.max(1) as f64
    }

    /// Share of pixels in a rectangle brighter than the dark background.
    fn lit(&self, x0: u32, y0: u32, w: u32, h: u32) -> f64 {
        let (mut n, mut hit) = (0usize, 0usize);
        for y in (y0..(y0 + h).min(self.h)).step_by(2) {
            for x in (x0..(x0 + w).min(self.w)).step_by(2) {
                let p = self.pixel(x, y);
                n += 1;
                if p.iter().map(|&c| c as u32).sum::<u32>() > 150 {
                    hit += 1;
                }
            }
        }
        hit as f64 / n.max(1) as f64
    }
}

fn out_dir() -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join("globe-shots");
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs the client with `args` plus `--screenshot FILE` and decodes the PNG.
fn shoot(name: &str, args: &[&str]) -> Shot {
    let found = Command::new("sh")
        .args(["-c", "command -v xvfb-run"])
        .stdout(Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    assert!(
        found,
        "xvfb-run is not installed: the screenshot tests need a virtual X display. \
         Install it with: apt-get install -y xvfb xauth libgl1-mesa-dri libglx-mesa0"
    );
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
    assert!(n > 150, "{name}: the frame looks blank ({n} colours)");
}

/// The Globetrotter side panel (300 points at the right).
fn assert_panel(name: &str, s: &Shot) {
    assert!(
        s.colours(990, 0, 290, 800) > 20,
        "{name}: the side panel looks empty"
    );
}

#[test]
fn globetrotter_mid_game_is_drawn() {
    let name = "globetrotter";
    let s = shoot(
        name,
        &[
            "--screen",
            "globetrotter",
            "--demo",
            "5",
            "--skip-turns",
            "30",
            "--frames",
            "40",
        ],
    );
    assert_not_blank(name, &s);
    assert_panel(name, &s);
    // The globe fills the middle of the view, shaded (many colours), with space around it.
    let c = s.colours(290, 200, 400, 400);
    assert!(
        c > 60,
        "{name}: no shaded globe in the middle ({c} colours)"
    );
    assert!(
        s.lit(340, 250, 300, 300) > 0.8,
        "{name}: the globe is not solid"
    );
    assert!(
        s.lit(0, 700, 60, 100) < 0.3,
        "{name}: no space around the globe"
    );
    // The status bar at the top.
    assert!(s.colours(10, 8, 600, 34) > 8, "{name}: no status bar");
}

#[test]
fn globetrotter_person_sees_highlights_on_two_planets() {
    let name = "globetrotter-two-planets";
    let s = shoot(
        name,
        &[
            "--screen",
            "globetrotter",
            "--gt-planets",
            "2",
            "--gt-facing",
            "--skip-turns",
            "20",
            "--frames",
            "40",
        ],
    );
    assert_not_blank(name, &s);
    assert_panel(name, &s);
    // The selected rover's moves (green), fortify spots (blue) and targets (red) are lit.
    let area = (0, 40, 980, 760);
    let green = s.share_near(area.0, area.1, area.2, area.3, [0x3d, 0xdc, 0x97], 40);
    let yellow = s.share_near(area.0, area.1, area.2, area.3, [0xff, 0xd1, 0x66], 40);
    assert!(green > 0.0005, "{name}: no legal move lit ({green:.4})");
    assert!(
        yellow > 0.0005,
        "{name}: the selected rover is not lit ({yellow:.4})"
    );
    // Both planets as thumbnails (one click switches focus).
    for i in 0..2 {
        let x = 12 + i * 100;
        let c = s.colours(x, 52, 92, 92);
        assert!(
            c > 20,
            "{name}: planet {} thumbnail looks empty ({c})",
            i + 1
        );
    }
}

#[test]
fn card_table_with_linked_globe_view_is_drawn() {
    let name = "linked";
    let s = shoot(name, &["--screen", "linked", "--frames", "60"]);
    assert_not_blank(name, &s);
    // Table on the left (narrowed), globe view beside it, side panel at the right.
    assert!(
        s.colours(0, 40, 560, 600) > 40,
        "{name}: the table looks empty"
    );
    let globe = s.colours(600, 80, 370, 640);
    assert!(globe > 40, "{name}: the globe view looks empty ({globe})");
    // The selected ship's legal burns light its rings (green).
    let green = s.share_near(600, 80, 370, 640, [0x3d, 0xdc, 0x97], 45);
    assert!(
        green > 0.002,
        "{name}: no legal burn lit in the globe view ({green:.4})"
    );
    assert!(s.colours(990, 0, 290, 800) > 20, "{name}: no side panel");
}

#[test]
fn card_game_system_view_is_drawn() {
    let name = "system";
    let s = shoot(name, &["--screen", "system", "--frames", "60"]);
    assert_not_blank(name, &s);
    // Both rows of assets: the opponent's behind (upper half), the viewer's in front.
    let far = s.colours(60, 150, 860, 250);
    let near = s.colours(60, 420, 860, 330);
    assert!(far > 40, "{name}: no opponent assets ({far})");
    assert!(near > 40, "{name}: no own assets ({near})");
    // Transfer routes are labelled with their cost (light-blue text on dark labels).
    let dv = s.share_near(0, 100, 980, 600, [0x5a, 0xd1, 0xff], 50);
    assert!(dv > 0.0005, "{name}: no transfer routes ({dv:.4})");
}
