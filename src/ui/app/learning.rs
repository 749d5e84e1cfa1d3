//! The course ("Učení") in the window: a lesson's words said and shown, its tasks set on the
//! board as games between two people under strict rules, the person's answers judged by the
//! course's [`Attempt`] (a wrong move taken back, the lesson's reply played), hints, stars kept
//! in the settings. Ctrl+L opens it at the first lesson not done, and says the task again.
//! The course is a feature of its own ([`Learning`]): its methods take a [`FeatureCx`], or,
//! judging a move inside its change, return the [`FollowUp`]s.

use eframe::egui::{self, RichText, Ui};

use super::change::FollowUp;
use super::feature::FeatureCx;
use crate::course::{Attempt, Course, Next, Verdict};
use crate::game::event::{Event, Hinted, Lesson, LessonOpened, Mover, Problem};
use crate::rules::{Move, Square, Variant};
use crate::ui::Command;
use crate::ui::document::{DocChange, Document, Replaced};
use crate::ui::i18n::T;
use crate::ui::settings::{Player, Settings};

/// The course as a feature of the window: closed, or a lesson on the board.
#[derive(Default)]
pub(super) struct Learning {
    /// The course being followed, if any.
    followed: Option<Followed>,
}

/// A task's marks (squares) and arrows (from a square to a square), drawn on the board.
type Drawn = (Vec<Square>, Vec<(Square, Square)>);

/// The course being followed.
struct Followed {
    /// Whose course.
    variant: Variant,
    /// Its lessons.
    course: Course,
    /// The lesson on the board (an index).
    lesson: usize,
    /// Its task on the board (an index).
    task: usize,
    /// The try at the task.
    attempt: Attempt,
    /// Hints asked for this task: the first gives the task's hint, the next also the answer.
    hints: u8,
}

impl Followed {
    /// Whether the task on the board is answered by a square.
    fn wants_square(&self) -> bool {
        matches!(
            self.course.lessons[self.lesson].tasks[self.task].goal,
            crate::course::Goal::Square(_)
        )
    }

    /// Where the stars of a task are kept in the settings.
    fn key(&self, lesson: usize, task: usize) -> String {
        stars_key(self.variant, &self.course.lessons[lesson].id, task)
    }

    /// The marks and arrows of the task on the board, for sighted helpers.
    fn drawn(&self) -> Drawn {
        let task = &self.course.lessons[self.lesson].tasks[self.task];
        let board = self.attempt.position().board();
        let marks = task.marks.iter().filter_map(|&n| board.square(n)).collect();
        let arrows = task
            .arrows
            .iter()
            .filter_map(|&(a, b)| Some((board.square(a)?, board.square(b)?)))
            .collect();
        (marks, arrows)
    }
}

/// Where the stars of task `task` (from 0) of lesson `lesson` of `variant`'s course are kept
/// in the settings: "czech/board/1".
fn stars_key(variant: Variant, lesson: &str, task: usize) -> String {
    format!("{}/{lesson}/{}", variant.id(), task + 1)
}

impl Learning {
    /// Whether a lesson is open.
    pub(super) fn is_open(&self) -> bool {
        self.followed.is_some()
    }

    /// Leaves the course (another game on the board).
    pub(super) fn close(&mut self) {
        self.followed = None;
    }

    /// Whether the task on the board is answered by a square.
    pub(super) fn wants_square(&self) -> bool {
        self.followed.as_ref().is_some_and(Followed::wants_square)
    }

    /// The marks and arrows of the task on the board, while a lesson is open.
    pub(super) fn drawn(&self) -> Option<Drawn> {
        self.followed.as_ref().map(Followed::drawn)
    }

    /// Ctrl+L: the course of the game's rule set (Česká dáma's where it has none), at the first
    /// lesson with a task not done; while a lesson is open, its task said again.
    pub(super) fn learn(&mut self, cx: &mut FeatureCx) {
        if let Some(l) = &self.followed {
            let (lesson, task) = (l.lesson, l.task);
            self.show_task(cx, lesson, task, false);
            return;
        }
        let own = cx.doc.game().rules().id.parse().ok();
        let (variant, course) = match own.and_then(|v| Course::of(v).map(|c| (v, c))) {
            Some((v, c)) => (v, c),
            None => (
                Variant::Czech,
                Course::of(Variant::Czech).expect("Česká dáma has a course"),
            ),
        };
        let course = match course {
            Ok(course) => course,
            Err(e) => {
                log::error!("the course of {variant:?} is broken: {e}");
                cx.complain(Problem::NoCourse);
                return;
            }
        };
        let done = |lesson: usize| {
            (0..course.lessons[lesson].tasks.len()).all(|task| {
                let key = stars_key(variant, &course.lessons[lesson].id, task);
                cx.settings.course_stars.contains_key(&key)
            })
        };
        let first = (0..course.lessons.len()).find(|&i| !done(i)).unwrap_or(0);
        let Some(ready) = ready(cx, &course, variant, first, 0) else {
            return;
        };
        self.followed = Some(Followed {
            variant,
            attempt: Attempt::new(ready, variant.rules()),
            course,
            lesson: first,
            task: 0,
            hints: 0,
        });
        self.show_task(cx, first, 0, true);
    }

    /// Sets task `task` of lesson `lesson` on the board, afresh; `opened`: the lesson begins
    /// (its words are said first).
    fn show_task(&mut self, cx: &mut FeatureCx, lesson: usize, task: usize, opened: bool) {
        let lang = cx.lang();
        let Some(l) = self.followed.take() else {
            return;
        };
        let Some(ready) = ready(cx, &l.course, l.variant, lesson, task) else {
            self.followed = Some(l);
            return;
        };
        let rules = l.variant.rules();
        let start = ready.position;
        let data = &l.course.lessons[lesson];
        let event = Lesson::Task {
            opened: opened.then(|| LessonOpened {
                number: lesson + 1,
                count: l.course.lessons.len(),
                title: data.title.get(lang).to_string(),
                say: data.say.iter().map(|t| t.get(lang).to_string()).collect(),
            }),
            number: task + 1,
            count: data.tasks.len(),
            ask: data.tasks[task].ask.get(lang).to_string(),
        };
        self.followed = Some(Followed {
            attempt: Attempt::new(ready, rules),
            lesson,
            task,
            hints: 0,
            ..l
        });
        match Document::new_game(
            rules.clone(),
            false,
            [String::new(), String::new()],
            [Player::Human; 2],
            Some(start),
        ) {
            Ok(doc) => cx.apply(DocChange::Replace(Box::new(doc), Replaced::Lesson(event))),
            Err(e) => cx.complain(Problem::Rules(Box::new(e))),
        }
    }

    /// Ctrl+Page Down and Up: the next task (the next lesson after a lesson's last), or the
    /// one before.
    pub(super) fn step(&mut self, cx: &mut FeatureCx, forward: bool) {
        let Some(l) = &self.followed else {
            return;
        };
        let tasks = |lesson: usize| l.course.lessons[lesson].tasks.len();
        let lessons = l.course.lessons.len();
        let (lesson, task) = match forward {
            true if l.task + 1 < tasks(l.lesson) => (l.lesson, l.task + 1),
            true => ((l.lesson + 1) % lessons, 0),
            false if l.task > 0 => (l.lesson, l.task - 1),
            false => {
                let lesson = (l.lesson + lessons - 1) % lessons;
                (lesson, tasks(lesson) - 1)
            }
        };
        let opened = lesson != l.lesson || (forward && task == 0);
        self.show_task(cx, lesson, task, opened);
    }

    /// Judges the person's move `mv`, just played: right (the lesson's reply follows, or the
    /// task is done) or wrong (taken back). What follows is returned, to be done after the
    /// move's change (the task solved too: [`FollowUp::LessonSolved`]).
    pub(super) fn judge(&mut self, mv: Move) -> Vec<FollowUp> {
        let Some(l) = self.followed.as_mut() else {
            return Vec::new();
        };
        match l.attempt.try_move(mv) {
            Verdict::Wrong(miss) => vec![
                FollowUp::Apply(DocChange::Undo.into()),
                FollowUp::Tell(vec![Event::Course(Lesson::Wrong(miss))]),
            ],
            Verdict::Right { reply, solved } => {
                let stars = solved.then(|| l.attempt.stars());
                let mut follow_ups =
                    vec![FollowUp::Tell(vec![Event::Course(Lesson::Right(stars))])];
                if let Some(mv) = reply {
                    follow_ups.push(FollowUp::Apply(
                        DocChange::Play {
                            mv,
                            from_ply: None,
                            by: Mover::Computer,
                        }
                        .into(),
                    ));
                }
                if solved {
                    follow_ups.push(FollowUp::LessonSolved);
                }
                follow_ups
            }
        }
    }

    /// The task on the board was solved by a move: its stars kept, and after a lesson's last
    /// task, the lesson's stars said.
    pub(super) fn mark_solved(&mut self, cx: &mut FeatureCx) {
        if let Some(events) = self.task_done(cx) {
            cx.tell(events, false);
        }
    }

    /// A square chosen on the board (Enter or a click) while the task asks for a square.
    pub(super) fn answer_square(&mut self, cx: &mut FeatureCx, sq: Square) {
        let Some(l) = self.followed.as_mut() else {
            return;
        };
        match l.attempt.try_square(sq) {
            Verdict::Wrong(miss) => cx.tell(vec![Event::Course(Lesson::Wrong(miss))], true),
            Verdict::Right { .. } => {
                let events = self.task_solved_words(cx);
                cx.tell(events, true);
            }
        }
    }

    /// Command `c` was used: the answer to a task that asks for it (any other command is no
    /// answer). `at`: the lesson and task when it was asked for (a command that moved to
    /// another task answers nothing).
    pub(super) fn judge_command(&mut self, cx: &mut FeatureCx, c: Command, at: (usize, usize)) {
        let Some(l) = self.followed.as_mut().filter(|l| (l.lesson, l.task) == at) else {
            return;
        };
        if let Some(Verdict::Right { .. }) = l.attempt.try_command(&format!("{c:?}")) {
            let events = self.task_solved_words(cx);
            // Behind the command's own words.
            cx.tell(events, false);
        }
    }

    /// Where the course is: the lesson and the task, to tell whether a command moved on.
    pub(super) fn at(&self) -> Option<(usize, usize)> {
        self.followed.as_ref().map(|l| (l.lesson, l.task))
    }

    /// What is said when a square or a key solved the task: right, with its stars, and the
    /// lesson done after its last task.
    fn task_solved_words(&mut self, cx: &mut FeatureCx) -> Vec<Event> {
        let stars = self.followed.as_ref().map_or(0, |l| l.attempt.stars());
        let mut events = vec![Event::Course(Lesson::Right(Some(stars)))];
        events.extend(self.task_done(cx).into_iter().flatten());
        events
    }

    /// The task on the board is solved: its stars kept (the best of the tries, in the
    /// settings, then saved), and, after a lesson's last task, the lesson's stars said.
    fn task_done(&self, cx: &mut FeatureCx) -> Option<Vec<Event>> {
        let l = self.followed.as_ref()?;
        let key = l.key(l.lesson, l.task);
        let stars = l.attempt.stars();
        let best = cx.settings.course_stars.get(&key).copied().unwrap_or(0);
        let best = best.max(stars);
        let lesson = &l.course.lessons[l.lesson];
        let last = l.task + 1 == lesson.tasks.len();
        let done = last.then(|| {
            // The stars of this task as they are kept now (the settings change after this).
            let won: u32 = (0..lesson.tasks.len())
                .map(|t| match t == l.task {
                    true => u32::from(best),
                    false => {
                        let key = l.key(l.lesson, t);
                        u32::from(cx.settings.course_stars.get(&key).copied().unwrap_or(0))
                    }
                })
                .sum();
            let lang = cx.settings.language();
            Event::Course(Lesson::Done {
                stars: won,
                of: 3 * lesson.tasks.len() as u32,
                next: l
                    .course
                    .lessons
                    .get(l.lesson + 1)
                    .map(|next| next.title.get(lang).to_string()),
            })
        });
        cx.change_settings(move |settings| {
            let kept = settings.course_stars.entry(key).or_default();
            *kept = (*kept).max(best);
        });
        done.map(|e| vec![e])
    }

    /// F8 in a lesson: the task's hint; asked again, the answer's next step too.
    pub(super) fn hint(&mut self, cx: &mut FeatureCx) {
        let lang = cx.lang();
        let Some(l) = self.followed.as_mut() else {
            return;
        };
        if l.attempt.is_solved() {
            cx.complain(Problem::NoHint);
            return;
        }
        l.hints = l.hints.saturating_add(1);
        let words = l.course.lessons[l.lesson].tasks[l.task]
            .hint
            .get(lang)
            .to_string();
        let before = *l.attempt.position();
        let next = l.attempt.hint().filter(|_| l.hints > 1).map(|n| match n {
            Next::Move(mv) => Hinted::Move(before, mv),
            Next::Square(sq) => Hinted::Square(sq),
            Next::Command(name) => {
                Hinted::Key(Command::named(&name).map_or(name, |c| c.shortcut_text(lang)))
            }
        });
        cx.tell(vec![Event::Course(Lesson::Hint { words, next })], true);
    }

    /// The lesson beside the board: its title, its words, the task and the stars won; whether
    /// a lesson is open (the window then adds the buttons of its commands).
    pub(super) fn panel(&self, ui: &mut Ui, settings: &Settings) -> bool {
        let lang = settings.language();
        let Some(l) = &self.followed else {
            return false;
        };
        let lesson = &l.course.lessons[l.lesson];
        let head =
            crate::speech::phrases::lesson_number(lang, l.lesson + 1, l.course.lessons.len());
        ui.label(RichText::new(T::Learn.get(lang)).strong());
        ui.label(RichText::new(format!("{head}: {}", lesson.title.get(lang))).heading());
        for paragraph in &lesson.say {
            ui.add(egui::Label::new(paragraph.get(lang)).wrap());
        }
        ui.separator();
        let task = &lesson.tasks[l.task];
        let won: Vec<u8> = (0..lesson.tasks.len())
            .map(|t| {
                let key = l.key(l.lesson, t);
                settings.course_stars.get(&key).copied().unwrap_or(0)
            })
            .collect();
        ui.add(
            egui::Label::new(
                RichText::new(format!(
                    "{} {}/{}: {}",
                    T::Task.get(lang),
                    l.task + 1,
                    lesson.tasks.len(),
                    task.ask.get(lang)
                ))
                .strong(),
            )
            .wrap(),
        );
        // Stars drawn, and in words for the screen reader: not by the picture alone.
        let drawn: Vec<String> = won
            .iter()
            .enumerate()
            .map(|(t, &n)| {
                let n = usize::from(n.min(3));
                format!("{}. {}{}", t + 1, "*".repeat(n), "·".repeat(3 - n))
            })
            .collect();
        let stars = ui.label(drawn.join("   "));
        let words = crate::speech::phrases::task_stars(lang, &won);
        ui.ctx()
            .accesskit_node_builder(stars.id, |node| node.set_label(words));
        true
    }
}

/// The task made ready, or said why it cannot be (a broken course).
fn ready(
    cx: &mut FeatureCx,
    course: &Course,
    variant: Variant,
    lesson: usize,
    task: usize,
) -> Option<crate::course::Ready> {
    let l = &course.lessons[lesson];
    match l.tasks[task].ready(variant.rules(), &l.id, task + 1) {
        Ok(ready) => Some(ready),
        Err(e) => {
            log::error!("a task of the course is broken: {e}");
            cx.complain(Problem::NoCourse);
            None
        }
    }
}
