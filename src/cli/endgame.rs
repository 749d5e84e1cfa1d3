//! `dama endgame`: the endgame databases built on the command line.

use std::path::PathBuf;
use std::time::Instant;

use dama::rules::RuleSet;
use dama::speech::phrases::cli::{bytes_words, count_words, duration_words, material_words};

use super::output::{Failure, Output, bad_file};

/// `dama endgame`: builds the databases of `rules` up to `pieces` pieces into `dir` (the data
/// folder's `endgames` by default), resuming a build that was stopped; one this computer cannot
/// hold only when `force`d.
pub(super) fn build_endgames(
    rules: &RuleSet,
    pieces: u32,
    threads: Option<u32>,
    dir: Option<PathBuf>,
    distances: bool,
    force: bool,
) -> Result<(), Failure> {
    use dama::engine::endgame::{distances_file_in, file_in};
    use dama::store::endgame_files::{self, Finished, Plan};
    let Some(dir) = dir.or_else(dama::store::dirs::endgames_dir) else {
        return Err(bad_file(
            "no data folder for the endgame databases: give --dir".into(),
        ));
    };
    // The folder is made before computing, which may take hours: a folder that cannot be used
    // is said at once, not after.
    if std::fs::metadata(&dir).is_ok_and(|m| !m.is_dir()) {
        return Err(bad_file(format!("{}: not a folder", dir.display())));
    }
    std::fs::create_dir_all(&dir)
        .map_err(|e| bad_file(format!("{}: cannot create the folder: {e}", dir.display())))?;
    // Said before the plan, not after it: nothing here will be built.
    if endgame_files::busy(&dir, rules) {
        let busy = endgame_files::BuildError::Busy { path: dir.clone() };
        return Err(bad_file(busy.to_string()));
    }
    let threads = threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    );
    // What it takes, before anything large is written.
    let plan = Plan::new(rules, pieces);
    note!(
        "{}: {} materials of up to {} pieces, {} positions: {} on disk ({} of values{}), {} of memory, about {} on {threads} threads",
        rules.id,
        plan.materials.len(),
        plan.pieces,
        count_words(plan.positions),
        bytes_words(plan.disk_bytes(distances)),
        bytes_words(plan.values_bytes),
        if distances {
            format!(
                ", {} of distances to conversion",
                bytes_words(plan.distances_bytes)
            )
        } else {
            String::new()
        },
        bytes_words(plan.memory_bytes()),
        duration_words(plan.estimated(threads)),
    );
    // Refused before anything is written: a build beyond the memory swaps for days or is killed
    // hours in.
    let available = endgame_files::available_memory();
    if !force && !plan.fits_memory(available) {
        return Err(bad_file(format!(
            "{}: {}",
            rules.id,
            dama::speech::phrases::endgames::too_much_memory(
                dama::language::Language::English,
                plan.pieces,
                plan.memory_bytes(),
                available,
                endgame_files::DESKTOP_MEMORY,
            )
        )));
    }
    // Damaged files are set aside before the build replaces them, and said: the search did not
    // use them, and the person may want to look at them.
    for (from, to) in endgame_files::set_aside(&dir, rules).map_err(|e| bad_file(e.to_string()))? {
        note!(
            "{}: {}",
            rules.id,
            dama::speech::phrases::endgames::set_aside(
                dama::language::Language::English,
                &from,
                &to
            )
        );
    }
    // Its plan read once: what it was building and what it kept are of the same plan.
    if let Some(stopped) = endgame_files::stopped(&dir, rules)
        && (stopped.pieces, stopped.distances) == (plan.pieces, distances)
    {
        let (done, of) = (stopped.done, stopped.of);
        note!(
            "{}: going on with a stopped build, {done} of {of} materials done",
            rules.id
        );
    }
    let bar = indicatif::ProgressBar::new(1000);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "[{elapsed_precise}] {bar:30} {percent:>3} % {msg}",
        )
        .expect("a valid template"),
    );
    let start = Instant::now();
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let finished =
        endgame_files::build(rules, pieces, threads, &dir, distances, &cancel, &mut |p| {
            let line = format!(
                "{}/{} {}, about {} left",
                p.done,
                p.of,
                material_words(&p.material),
                duration_words(p.left)
            );
            // A terminal sees one bar; a log, a line a material solved.
            if bar.is_hidden() {
                if !p.read_back {
                    note!(
                        "{}: {line} ({:.0} %, {:.1} s)",
                        rules.id,
                        p.fraction * 100.0,
                        p.elapsed.as_secs_f64()
                    );
                }
            } else {
                bar.set_position((p.fraction * 1000.0) as u64);
                bar.set_message(line);
            }
        })
        .map_err(|e| bad_file(e.to_string()));
    bar.finish_and_clear();
    let Finished::Built {
        stats,
        read_back,
        values_bytes,
        distances_bytes,
    } = finished?
    else {
        return Err(bad_file(format!("{}: the build was stopped", rules.id)));
    };
    let mut out = Output::new();
    if distances {
        out.line(format_args!(
            "{}: distances to conversion, {distances_bytes} bytes in {}",
            rules.id,
            distances_file_in(&dir, rules).display()
        ))?;
        if stats.beyond_count > 0 {
            out.line(format_args!(
                "{}: {} won or lost positions take longer to their next capture than the no-progress rule allows: drawn under it",
                rules.id, stats.beyond_count
            ))?;
        }
    }
    let resumed = if read_back > 0 {
        format!(" ({read_back} materials read back from a stopped build)")
    } else {
        String::new()
    };
    out.line(format_args!(
        "{}: {} materials of up to {} pieces, {} positions ({} won, {} drawn, {} lost){resumed}, {values_bytes} bytes in {}, {:.1} s on {threads} threads",
        rules.id,
        stats.materials + read_back,
        plan.pieces,
        plan.positions,
        stats.wins,
        stats.draws,
        stats.losses,
        file_in(&dir, rules).display(),
        start.elapsed().as_secs_f64()
    ))?;
    out.finish()
}
