//! Screenshot tests' shared part: running the built client under a virtual X display
//! (`xvfb-run`), decoding the PNG it saves, and measuring regions of it.
//!
//! Needs `xvfb-run` (Debian: `apt-get install -y xvfb xauth libgl1-mesa-dri libglx-mesa0`).
#![allow(dead_code)]

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// `xvfb-run -a` picks a free display but races when started in parallel: one at a time.
static XVFB: Mutex<()> = Mutex::new(());

pub const W: u32 = 1280;
pub const H: u32 = 800;

/// A decoded screenshot, RGBA.
pub struct Shot {
    pub w: u32,
    pub h: u32,
    pub rgba: Vec<u8>,
}

impl Shot {
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 3] {
        let i = ((y * self.w + x) * 4) as usize;
        [self.rgba[i], self.rgba[i + 1], self.rgba[i + 2]]
    }

    /// Distinct colours (quantised a little) in a rectangle.
    pub fn colours(&self, x0: u32, y0: u32, w: u32, h: u32) -> usize {
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
    pub fn share_near(&self, x0: u32, y0: u32, w: u32, h: u32, rgb: [u8; 3], tol: i32) -> f64 {
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
    pub fn lit(&self, x0: u32, y0: u32, w: u32, h: u32) -> f64 {
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

    /// Share of pixels in a rectangle that differ clearly from the rectangle's commonest colour.
    pub fn ink(&self, x0: u32, y0: u32, w: u32, h: u32) -> f64 {
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

pub fn out_dir(dir: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(dir);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The save folder a client run named `name` uses (its autosave lands there, never in the
/// user's own folder); a test may put a save there first.
pub fn save_dir(name: &str) -> PathBuf {
    out_dir(&format!("saves-{name}"))
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

/// Runs the client under the virtual display with `args` and returns what it printed; panics
/// if it fails or takes longer than 240 s.
pub fn run_client(name: &str, args: &[&str]) -> String {
    run_client_sized(name, args, (W, H))
}

/// [`run_client`] on a virtual display of `size` pixels.
pub fn run_client_sized(name: &str, args: &[&str], size: (u32, u32)) -> String {
    require_xvfb();
    let _one = XVFB.lock().unwrap_or_else(|e| e.into_inner());
    let screen = format!("-screen 0 {}x{}x24", size.0, size.1);
    let mut child = Command::new("xvfb-run")
        .args(["-a", "-s", &screen, env!("CARGO_BIN_EXE_orbitals")])
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("ORBITALS_SAVE_DIR", save_dir(name))
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
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        status.success(),
        "{name}: client failed ({status}):\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// Runs the client with `args` plus `--screenshot FILE` (in `target/tmp/DIR/NAME.png`) and
/// decodes the PNG.
pub fn shoot(dir: &str, name: &str, args: &[&str]) -> Shot {
    shoot_sized(dir, name, args, (W, H))
}

/// [`shoot`] with a window (and virtual display) of `size` pixels.
pub fn shoot_sized(dir: &str, name: &str, args: &[&str], size: (u32, u32)) -> Shot {
    shoot_printed(dir, name, args, size).0
}

/// [`shoot_sized`], with what the client printed.
pub fn shoot_printed(dir: &str, name: &str, args: &[&str], size: (u32, u32)) -> (Shot, String) {
    let file = out_dir(dir).join(format!("{name}.png"));
    let _ = std::fs::remove_file(&file);
    let path = file.to_string_lossy().into_owned();
    let window = format!("{}x{}", size.0, size.1);
    let mut all = args.to_vec();
    all.extend(["--screenshot", &path, "--window", &window]);
    let printed = run_client_sized(name, &all, size);
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
    assert_eq!((info.width, info.height), size, "{name}: window size");
    let shot = Shot {
        w: info.width,
        h: info.height,
        rgba,
    };
    (shot, printed)
}

/// The frame has at least `min` distinct colours.
pub fn assert_not_blank(name: &str, s: &Shot, min: usize) {
    let n = s.colours(0, 0, s.w, s.h);
    assert!(n > min, "{name}: the frame looks blank ({n} colours)");
}
