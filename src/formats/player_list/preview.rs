//! A preview in words (the rows to add, the likely duplicates, the refused rows) and the
//! rows added to the event, to its one group or each to its own.

use super::{ListRow, Preview};
use crate::i18n::Lang;
use crate::tournament::event::Event;
use crate::tournament::player::date_text;
use crate::tournament::{Player, Sex, Tournament, TournamentError};

/// What a row's name was in the list, when it was written anew ([`ListRow::written`]):
/// ` (в списке: «кузнецова дарья»)`, else nothing.
pub fn written_note(r: &ListRow, lang: Lang) -> String {
    r.written.as_ref().map_or(String::new(), |w| {
        format!(" ({})", lang.fmt("pl-written", &[("written", w)]))
    })
}

/// One line about a listed player for the preview: name with patronymic, birth date, sex,
/// grade, club, rating, ids (those given), in `lang`: «Соловьёва, Дарья Андреевна, 05.03.2017,
/// ж, 2 класс, МБОУ СОШ № 12».
pub fn row_summary(p: &Player, lang: Lang) -> String {
    let mut parts = vec![match &p.patronymic {
        Some(pat) => format!("{} {pat}", p.name),
        None => p.name.clone(),
    }];
    if let Some(d) = &p.birth_date {
        parts.push(date_text(d, lang));
    }
    if let Some(s) = p.sex {
        parts.push(lang.msg(match s {
            Sex::Male => "pl-sex-m",
            Sex::Female => "pl-sex-f",
        }));
    }
    if let Some(g) = p.grade {
        parts.push(lang.fmt("pl-grade-n", &[("grade", &g.to_string())]));
    }
    parts.extend(p.club.clone());
    if let Some(r) = p.rating {
        parts.push(lang.fmt("pl-rating-n", &[("rating", &r.to_string())]));
    }
    if let Some(id) = p.fide_id {
        parts.push(format!("FIDE {id}"));
    }
    if let Some(id) = p.fsr_id {
        parts.push(lang.fmt("pl-fsr-n", &[("id", &id.to_string())]));
    }
    parts.join(", ")
}

impl Preview {
    /// The preview's first line in `lang`: the file, the encoding and the delimiter found.
    pub fn read_line(&self, file: &str, lang: Lang) -> String {
        let delimiter = match self.delimiter {
            '\t' => lang.msg("pl-tab"),
            c if lang == Lang::Ru => format!("«{c}»"),
            c => format!("\"{c}\""),
        };
        lang.fmt(
            "pl-read",
            &[
                ("file", file),
                ("encoding", &self.encoding),
                ("delimiter", &delimiter),
            ],
        )
    }

    /// The preview as text in `lang`: the encoding and delimiter found, the rows to add (each
    /// with its group in an event of several), the likely duplicates with whom they repeat
    /// (registered players by name, of `groups`: the event's groups in order, or the one
    /// event [`read`] read against), the refused rows with line and reason, the columns not
    /// read.
    pub fn to_text(&self, groups: &[Tournament], file: &str, lang: Lang) -> String {
        let mut out = self.read_line(file, lang);
        out.push('\n');
        let line = |n: usize| lang.fmt("pl-line", &[("line", &n.to_string())]);
        out.push_str(&lang.fmt("pl-to-add", &[("n", &self.to_add.len().to_string())]));
        out.push('\n');
        let group = |r: &ListRow| r.group.as_ref().map_or(String::new(), |g| format!("{g}: "));
        for r in &self.to_add {
            out.push_str(&format!(
                "  {}  {}{}{}\n",
                line(r.line),
                group(r),
                row_summary(&r.player, lang),
                written_note(r, lang)
            ));
        }
        if !self.duplicates.is_empty() {
            out.push_str(&lang.fmt(
                "pl-duplicates",
                &[("n", &self.duplicates.len().to_string())],
            ));
            out.push('\n');
            for d in &self.duplicates {
                let of = groups
                    .get(d.row.group_index)
                    .map_or(String::new(), |t| d.of.text(t, lang));
                out.push_str(&format!(
                    "  {}  {}{}{} — {of}\n",
                    line(d.row.line),
                    group(&d.row),
                    row_summary(&d.row.player, lang),
                    written_note(&d.row, lang),
                ));
            }
        }
        if !self.refused.is_empty() {
            out.push_str(&lang.fmt("pl-refused", &[("n", &self.refused.len().to_string())]));
            out.push('\n');
            for r in &self.refused {
                out.push_str(&format!(
                    "  {}  {} — {}\n",
                    line(r.line),
                    r.text,
                    r.problem.text(lang)
                ));
            }
        }
        if !self.ignored.is_empty() {
            out.push_str(&lang.fmt("pl-ignored", &[("columns", &self.ignored.join(", "))]));
            out.push('\n');
        }
        if let Some(n) = self.normalised_line(lang) {
            out.push_str(&n);
            out.push('\n');
        }
        out
    }

    /// How many names the reading wrote «Фамилия Имя» with capitals (each row says how the
    /// list wrote it, [`written_note`]), in `lang`; `None` when it changed none.
    pub fn normalised_line(&self, lang: Lang) -> Option<String> {
        let n = self
            .to_add
            .iter()
            .chain(self.duplicates.iter().map(|d| &d.row))
            .filter(|r| r.written.is_some())
            .count();
        (n > 0).then(|| lang.fmt("pl-normalised", &[("n", &n.to_string())]))
    }

    /// Adds the rows to add (and the likely duplicates when `with_duplicates`) to `event`, in
    /// file order, each as [`Tournament::add_player`] adds a player (ranked again before
    /// round 1; after it, the next starting ranks). Returns how many were added. All or
    /// nothing: on an error `event` is unchanged.
    ///
    /// # Errors
    /// [`TournamentError::InvalidPlayer`] (a full event: 9999 players).
    pub fn apply(
        &self,
        event: &mut Tournament,
        with_duplicates: bool,
    ) -> Result<usize, TournamentError> {
        let mut rows: Vec<&ListRow> = self.to_add.iter().collect();
        if with_duplicates {
            rows.extend(self.duplicates.iter().map(|d| &d.row));
            rows.sort_by_key(|r| r.line);
        }
        event.add_players(rows.iter().map(|r| r.player.clone()).collect())?;
        Ok(rows.len())
    }

    /// As [`Preview::apply`], each row to its group of `event` (a preview of
    /// [`read_event`] against it). All or nothing.
    ///
    /// # Errors
    /// As [`Preview::apply`].
    pub fn apply_event(
        &self,
        event: &mut Event,
        with_duplicates: bool,
    ) -> Result<usize, TournamentError> {
        let mut rows: Vec<&ListRow> = self.to_add.iter().collect();
        if with_duplicates {
            rows.extend(self.duplicates.iter().map(|d| &d.row));
        }
        rows.sort_by_key(|r| r.line);
        let mut changed = event.clone();
        for i in 0..changed.len() {
            let mine: Vec<Player> = rows
                .iter()
                .filter(|r| r.group_index == i)
                .map(|r| r.player.clone())
                .collect();
            if mine.is_empty() {
                continue;
            }
            let mut t = changed.group(i);
            t.add_players(mine)?;
            changed.set_group(i, t);
        }
        *event = changed;
        Ok(rows.len())
    }
}
