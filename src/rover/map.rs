//! The level (R1, R2, R30): terrain (floor, water), the drop pod, pickups (chassis and module
//! caches) and the blocking entities' starting cells, read from level rows. Terrain and the pod
//! never change during a game, so a [`Level`] is shared by every copy of a state.
use super::content::locate::top_key_line;
use super::content::raw::RawLevel;
use super::content::{parse_yaml, Db, LoadError, LoadErrors};
use super::geom::Pos;
use super::ids::{ChassisId, KindId, ModuleId};

/// Largest level side (R1: 32×32).
pub const MAX_SIDE: usize = 32;

/// Ground of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Terrain {
    Floor,
    /// Impassable; shots pass (R1, R35).
    Water,
}

/// What a pickup cell holds (R5, R14, R30).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pickup {
    /// `H`: a chassis to `refit` to.
    Chassis(ChassisId),
    /// `K`: a module cache, empty once taken.
    Cache(Option<ModuleId>),
}

/// The unchanging part of a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    pub name: String,
    pub width: u8,
    pub height: u8,
    pub terrain: Vec<Terrain>,
    pub pod: Pos,
}

impl Level {
    pub fn cell(&self, p: Pos) -> usize {
        p.y as usize * self.width as usize + p.x as usize
    }
    pub fn terrain(&self, p: Pos) -> Terrain {
        self.terrain[self.cell(p)]
    }
    pub fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
        let w = self.width;
        (0..self.height).flat_map(move |y| (0..w).map(move |x| Pos::new(x, y)))
    }
}

/// A level as read from rows: the static [`Level`] plus what starts on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelSpec {
    pub level: Level,
    /// Blocking entities in reading order (R23).
    pub entities: Vec<(KindId, Pos)>,
    /// Pickups in reading order (R30).
    pub pickups: Vec<(Pos, Pickup)>,
    /// An `R` cell: the rover starts there instead of on the pod (scenario positions).
    pub rover: Option<Pos>,
}

impl LevelSpec {
    /// Reads a level file's text.
    pub fn parse_file(db: &Db, file: &str, text: &str) -> Result<LevelSpec, LoadErrors> {
        let raw: RawLevel = parse_yaml(file, text).map_err(|e| LoadErrors(vec![e]))?;
        let rows_line = top_key_line(text, "rows");
        let pickups_line = top_key_line(text, "pickups");
        LevelSpec::from_rows(
            db,
            &raw.name,
            &raw.rows,
            &raw.pickups,
            file,
            rows_line,
            pickups_line,
        )
    }

    /// The built-in default level (R20, R30).
    pub fn default_level(db: &Db) -> LevelSpec {
        const TEXT: &str = include_str!("../../assets/rover/levels/default.yaml");
        match LevelSpec::parse_file(db, "levels/default.yaml", TEXT) {
            Ok(l) => l,
            Err(e) => panic!("the built-in default level is invalid:\n{e}"),
        }
    }

    /// Reads level rows (`rows_line`: the line of the `rows:` key; a block's rows follow it)
    /// and the pickups list. Every problem is reported.
    pub fn from_rows(
        db: &Db,
        name: &str,
        rows: &str,
        pickups: &[String],
        file: &str,
        rows_line: usize,
        pickups_line: usize,
    ) -> Result<LevelSpec, LoadErrors> {
        let mut errs = Vec::new();
        let mut err = |line: usize, message: String| {
            errs.push(LoadError {
                file: file.into(),
                line,
                message,
            })
        };
        let lines: Vec<&str> = rows
            .lines()
            .map(str::trim_end)
            .filter(|l| !l.is_empty())
            .collect();
        let height = lines.len();
        let width = lines.first().map(|l| l.chars().count()).unwrap_or(0);
        if height == 0 || height > MAX_SIDE || width == 0 || width > MAX_SIDE {
            err(
                rows_line,
                format!("a level is 1 to {MAX_SIDE} rows of 1 to {MAX_SIDE} cells (R1), not {width}×{height}"),
            );
            return Err(LoadErrors(errs));
        }
        let mut terrain = Vec::with_capacity(width * height);
        let mut entities = Vec::new();
        let mut places = Vec::new();
        let mut pods = Vec::new();
        let mut rover = None;
        for (y, l) in lines.iter().enumerate() {
            let line = rows_line + 1 + y;
            let n = l.chars().count();
            if n != width {
                err(
                    line,
                    format!("row {} has {n} cells, the first has {width}", y),
                );
            }
            for (x, c) in l.chars().enumerate().take(width) {
                let p = Pos::new(x as u8, y as u8);
                terrain.push(if c == '~' {
                    Terrain::Water
                } else {
                    Terrain::Floor
                });
                match c {
                    '.' | '~' => {}
                    'P' => pods.push(p),
                    'R' => {
                        if rover.replace(p).is_some() {
                            err(line, "more than one `R`".into());
                        }
                    }
                    'H' | 'K' => places.push((p, c)),
                    _ => match db.kind_by_glyph(c) {
                        Some(k) => entities.push((k, p)),
                        None => err(
                            line,
                            format!("unknown cell `{c}` at {p} (R1: . ~ # P m s w c F A H K)"),
                        ),
                    },
                }
            }
            terrain.resize((y + 1) * width, Terrain::Floor);
        }
        if pods.len() != 1 {
            err(
                rows_line,
                format!("{} drop pods; a level has exactly one `P`", pods.len()),
            );
        }
        if places.len() != pickups.len() {
            err(
                pickups_line,
                format!(
                    "{} `H`/`K` cells but {} pickups listed (R30: one per cell, reading order)",
                    places.len(),
                    pickups.len()
                ),
            );
        }
        let mut picks = Vec::new();
        for (&(p, c), id) in places.iter().zip(pickups) {
            let pick = if c == 'H' {
                db.chassis_id(id).map(Pickup::Chassis)
            } else {
                db.module_id(id).map(|m| Pickup::Cache(Some(m)))
            };
            match pick {
                Some(k) => picks.push((p, k)),
                None => err(
                    pickups_line,
                    format!(
                        "pickup `{id}` at {p}: not a {} (R30)",
                        if c == 'H' { "chassis" } else { "module" }
                    ),
                ),
            }
        }
        if !errs.is_empty() {
            return Err(LoadErrors(errs));
        }
        Ok(LevelSpec {
            level: Level {
                name: name.to_string(),
                width: width as u8,
                height: height as u8,
                terrain,
                pod: pods[0],
            },
            entities,
            pickups: picks,
            rover,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_level_holds_r20() {
        let db = Db::builtin();
        let l = LevelSpec::default_level(&db);
        assert_eq!((l.level.width, l.level.height), (32, 32));
        let count = |g: char| {
            l.entities
                .iter()
                .filter(|(k, _)| db.kind(*k).glyph == g)
                .count()
        };
        assert_eq!(
            (count('m'), count('s'), count('c'), count('F'), count('A')),
            (6, 3, 4, 1, 2)
        );
        let data: u32 = l
            .entities
            .iter()
            .map(|(k, _)| db.kind(*k).data as u32)
            .sum();
        assert_eq!(data, 43, "R20");
        let names: Vec<String> = l
            .pickups
            .iter()
            .map(|(_, p)| match p {
                Pickup::Chassis(c) => db.chassis(*c).id.clone(),
                Pickup::Cache(m) => db.module(m.unwrap()).id.clone(),
            })
            .collect();
        assert_eq!(
            names,
            [
                "titanium",
                "chilling_blaster",
                "helical_railgun",
                "photovoltaic_generator"
            ],
            "R30"
        );
    }

    #[test]
    fn bad_rows_name_their_lines() {
        let db = Db::builtin();
        let e = LevelSpec::from_rows(&db, "x", "P.\n.Q\n...\n", &[], "f.yaml", 3, 9).unwrap_err();
        let t = e.to_string();
        assert!(t.contains("f.yaml:5: unknown cell `Q`"), "{t}");
        assert!(t.contains("f.yaml:6: row 2 has 3 cells"), "{t}");
        let e = LevelSpec::from_rows(&db, "x", "P.K\n", &[], "f.yaml", 3, 9).unwrap_err();
        assert!(e.to_string().contains("f.yaml:9:"), "{e}");
    }
}
