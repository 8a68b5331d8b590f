//! The page's words, one table per language (`en.rs`, `de.rs`), and how each language writes numbers.
//!
//! [`Strings`] has one field per text or message; each language is one `const` of it, so a string a
//! language lacks is a compile error. `tests/i18n.rs` lists the texts that are equal in two languages
//! by accident. Messages with values (an input error, a notice, an assumption) are functions in the
//! table, written per language, never assembled from translated fragments.
//!
//! Numbers: English writes `1,000.5`, German `1.000,5`. Typed German numbers accept both decimal
//! marks; see [`crate::form::parse_decimal_in`] for the rule that keeps a thousands separator from
//! being read as a decimal point.

mod de;
pub use de::expected_de_checked;
mod en;
pub use crate::lang::{intl, number, pick, Lang};

use crate::catalogue::Scenario;
use crate::compare::{CompareError, Facts, Foreign, Mismatch};
use crate::figure::{Assumption, Unit};
use crate::form::{Adjustment, Field, InputError, Range};
use crate::link::Notice;

impl Strings {
    /// The language these words are (German for the German table, else English).
    pub fn lang(&self) -> Lang {
        Lang::from_id(self.lang_id).unwrap_or_default()
    }
}

// The words of a language, and its choice from a link: `Lang` itself is `crate::lang`'s, a leaf the
// domain uses for reading numbers without reaching the words.
impl Lang {
    /// The language's words. A build of one language (`Lang::ONLY`) has that one's alone: the
    /// other table is not in its wasm. (An early return: `match Lang::ONLY.unwrap_or(self)` costs
    /// 408 B more of the wasm.)
    pub fn strings(self) -> &'static Strings {
        if let Some(only) = Lang::ONLY {
            return match only {
                Lang::En => &en::EN,
                Lang::De => &de::DE,
            };
        }
        match self {
            Lang::En => &en::EN,
            Lang::De => &de::DE,
        }
    }

    /// The link's `lang` (the first one), if it names a language.
    pub fn from_query(query: &str) -> Option<Lang> {
        crate::link::pairs(query).into_iter().find(|(k, _)| k == "lang").and_then(|(_, v)| Lang::from_id(&v))
    }
}

/// The plan's energy and power figures whose label names the site only where a PUE is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnergyLabel {
    Power,
    PowerAverage,
    Busy,
    Day,
    Year,
    Token,
    Answer,
}

macro_rules! table {
    (texts { $($(#[$doc:meta])* $text:ident,)* } messages { $($(#[$mdoc:meta])* $message:ident: $ty:ty,)* }) => {
        /// One language's words: every text, and every message with values as a function.
        pub struct Strings {
            $($(#[$doc])* pub $text: &'static str,)*
            $($(#[$mdoc])* pub $message: $ty,)*
        }

        impl Strings {
            /// The unit after `value` (a single value, not a range's): a count's singular after
            /// exactly one, else the unit's plural or symbol. "1,5" and "2" take the plural.
            pub fn unit_after(&self, value: f64, low: Option<f64>, unit: Unit) -> &'static str {
                if low.is_none() && value == 1.0 {
                    (self.unit_one)(unit)
                } else {
                    (self.unit)(unit)
                }
            }

            /// A figure's kind and what it counts, in a few words, as every view writes it: "estimate,
            /// GPU boards + server + site", "measured, whole server", "estimate" for a count.
            pub fn tag(&self, f: &crate::figure::Figure) -> String {
                use crate::figure::Kind;
                let kind = match &f.kind {
                    Kind::Measured(crate::catalogue::Scope::NodeAc) => return self.short_measured_node.to_owned(),
                    Kind::Measured(crate::catalogue::Scope::GpuBoard) => return self.short_measured_board.to_owned(),
                    // A lower bound derived from a ceiling (tokens per MW: "at least …") names its
                    // scope alone: never "ceiling" beside "at least".
                    Kind::Ceiling if f.side == crate::figure::Side::AtLeast => {
                        return self.boundary(f).unwrap_or(self.tag_ceiling).to_owned()
                    }
                    Kind::Ceiling => self.tag_ceiling,
                    Kind::Estimate(_) => self.tag_estimate,
                };
                match self.boundary(f) {
                    Some(scope) => format!("{kind}, {scope}"),
                    None => kind.to_owned(),
                }
            }

            /// What a figure counts of the power, in words ("GPU boards + site", "whole system"); `None`
            /// for a count. Where a lower bound is derived from a ceiling (tokens per MW), this names
            /// its scope without calling the bound a ceiling.
            pub fn boundary(&self, f: &crate::figure::Figure) -> Option<&'static str> {
                use crate::figure::Boundary;
                let (server, site) = match f.boundary {
                    Boundary::Uncounted => return None,
                    Boundary::System => return Some((self.scope_system)(false)),
                    Boundary::SystemSite => return Some((self.scope_system)(true)),
                    Boundary::Boards => (false, false),
                    Boundary::BoardsServer => (true, false),
                    Boundary::BoardsSite => (false, true),
                    Boundary::BoardsServerSite => (true, true),
                };
                Some((self.plan_scope)(server, site))
            }

            /// A plan energy or power figure's label, named after the site only where its scope includes
            /// the site's overhead (a PUE): "Site energy per year" then, "Energy per year" otherwise.
            pub fn energy_label(&self, which: EnergyLabel, f: Option<&crate::figure::Figure>) -> &'static str {
                use crate::figure::Boundary;
                let site = f.is_some_and(|f| matches!(f.boundary, Boundary::BoardsSite | Boundary::BoardsServerSite | Boundary::SystemSite));
                match (which, site) {
                    (EnergyLabel::Power, true) => self.p_site_power,
                    (EnergyLabel::Power, false) => self.p_plain_power,
                    (EnergyLabel::PowerAverage, true) => self.p_site_power_avg,
                    (EnergyLabel::PowerAverage, false) => self.p_plain_power_avg,
                    (EnergyLabel::Busy, true) => self.p_site_busy,
                    (EnergyLabel::Busy, false) => self.p_plain_busy,
                    (EnergyLabel::Day, true) => self.p_site_day,
                    (EnergyLabel::Day, false) => self.p_plain_day,
                    (EnergyLabel::Year, true) => self.p_site_year,
                    (EnergyLabel::Year, false) => self.p_plain_year,
                    (EnergyLabel::Token, true) => self.p_site_token,
                    (EnergyLabel::Token, false) => self.p_plain_token,
                    (EnergyLabel::Answer, true) => self.p_answer,
                    (EnergyLabel::Answer, false) => self.p_plain_answer,
                }
            }

            /// "at least " before a value that is a lower bound, else nothing.
            pub fn side(&self, f: &crate::figure::Figure) -> String {
                match f.side {
                    crate::figure::Side::AtLeast => format!("{} ", self.at_least),
                    crate::figure::Side::AsKind => String::new(),
                }
            }

            /// Every plain text with its name, for the tests that compare languages.
            pub fn texts(&self) -> Vec<(&'static str, &'static str)> {
                vec![$((stringify!($text), self.$text)),*]
            }
        }
    };
}

table! {
    texts {
        /// The switch's label.
        language_label,
        skip_link,
        /// The document's `<title>` (the tab, bookmarks, the print header).
        doc_title,
        lede,
        /// The loading page's line while the wasm loads a link (static/index.html's boot block).
        boot_status,
        open_full,
        modes_label,
        mode_calculator,
        mode_measure,
        config_title,
        own_throughput,
        not_published,
        throughput_label,
        hint_result,
        which_scenario,
        tps_hint,
        per_card,
        slider_label,
        // Issue 28.1: the card's own range, read and set with nvidia-smi (commands are quoted, not words).
        /// The guidance fold's summary.
        lg_summary,
        /// After `nvidia-smi -q -d POWER`.
        lg_query,
        /// After `nvidia-smi -i 0 -pl 450`.
        lg_set,
        /// Before `DCGM_FI_DEV_BOARD_POWER_LIMIT_ENFORCED_WATTS`.
        lg_check,
        ok,
        figures_title,
        figure_token,
        figure_million,
        figure_measured,
        figure_board,
        figure_day,
        figure_heat,
        bound_board,
        bound_token,
        bound_day,
        bound_heat,
        not_available,
        range_to,
        /// "at" a power setting.
        at,
        from,
        kind_ceiling,
        kind_measured_node,
        kind_measured_board,
        kind_estimate,
        short_ceiling,
        short_measured_node,
        short_measured_board,
        short_estimate,
        /// A throughput's kind: as published (or typed), or scaled to another card count.
        short_throughput,
        short_throughput_scaled,
        explain_node,
        explain_board,
        scope_note,
        capped_title,
        other_systems,
        entry,
        power_setting,
        not_stated,
        published,
        notices_changed,
        notices_unusable,
        /// The data-version notice's heading, and its line for a link made before links carried a version.
        data_notice_title,
        data_unversioned,
        /// An older data version with no change that concerns what the link shows.
        data_nothing_since,
        dismiss,
        share_title,
        share_url_label,
        copy_link,
        print,
        copied,
        copy_refused,
        opening_restores,
        quote_title,
        quote_hint,
        sheet_title,
        /// The sheet's QR code, for a screen reader, and the line beside it.
        sheet_qr_label,
        sheet_qr_caption,
        /// The sheet's foot, before the full link.
        sheet_link_label,
        customer,
        reference,
        /// The sheet's line of the customer's own model, before its words.
        own_sheet,
        per_day,
        per_year,
        storage_refused,
        plan_title,
        plan_intro,
        plan_print,
        /// The customer's own model (issue 28.7): its fieldset and the hint under it.
        own_legend,
        own_hint,
        /// The kind select's empty choice, and what the size counts for a mixture of experts.
        arch_unset,
        own_size_moe,
        legend_demand,
        legend_site,
        legend_price,
        legend_electrics,
        phase_one,
        phase_three,
        scope_label,
        idle_hint,
        word_ceiling,
        word_measured,
        word_estimate,
        need_server,
        need_servers,
        need_site,
        need_site_token,
        need_demand,
        need_price,
        need_co2,
        need_answer,
        need_volts,
        need_rack,
        scope_throughput,
        p_site_power,
        p_site_day,
        p_site_year,
        p_site_token,
        p_cost_year,
        p_cost_mtok,
        p_co2_year,
        p_co2_mtok,
        p_answer,
        p_heat,
        p_cooling,
        p_busy_load,
        p_streams,
        p_rack_positions,
        need_users,
        need_positions,
        legend_people,
        more_intro,
        method_formulas,
        same_as_token,
        glossary_title,
        g_tgp,
        g_tgp_dd,
        g_precision,
        g_precision_dd,
        g_closed,
        g_closed_dd,
        g_pue,
        g_pue_dd,
        g_pf,
        g_pf_dd,
        g_line,
        g_line_dd,
        g_enefg,
        g_enefg_dd,
        plan_chart_summary,
        answer_hint_before,
        answer_hint_invalid,
        answer_hint_demand,
        answer_hint_or,
        answer_hint_users,
        answer_hint_after,
        answer_sources_label,
        answer_sources,
        more_and,
        more_demand,
        more_price,
        more_co2,
        more_rack,
        more_volts,
        more_answer,
        eu_words,
        eu_legal,
        eu_none,
        chart_load,
        chart_key_j,
        chart_key_kwh,
        table_hint,
        table_choose,
        /// The fold of the comparison table that says what its rows are.
        table_about,
        col_result,
        col_card,
        col_precision,
        col_power,
        col_wh,
        col_kind,
        note_mean,
        note_stated,
        note_rated,
        your_configuration,
        mlcommons_page,
        all_scenarios,
        all_cards,
        all_vendors,
        filter_vendor,
        // Issue 24: the comparison table's system size.
        /// The system-size filter's label, and its "every size" option.
        filter_size,
        all_sizes,
        /// The sizes: one server (node), several nodes, whole racks of a rack-scale system.
        size_server,
        size_nodes,
        size_rack,
        fact_max,
        fact_min,
        fact_memory,
        fact_unpublished,
        /// The card facts' row for a measurement of the card (issue 28.3).
        fact_measured,
        method_title,
        m_board_dd,
        m_token_dd,
        m_million,
        m_million_dd,
        m_day,
        m_day_dd,
        m_heat,
        m_heat_dd,
        m_kinds,
        m_ceiling_dd,
        m_measured_dd,
        m_estimate_dd,
        // Issue 28: why a ceiling overstates, what moves the real figure, how to cite (method section).
        /// The fold's summary.
        m_why,
        /// A rated-power estimate nearly always overestimates (ML.ENERGY's point).
        m_overestimate,
        /// Batch size and utilisation (ML.ENERGY's 3–5×).
        m_batch,
        /// Prompt length: prefill energy a figure per output token hides.
        m_prompt,
        /// Compare at the same load.
        m_same_load,
        /// "How to cite" heading.
        m_cite_title,
        /// The widget's link to the method on the full page.
        method_link,
        ctx_title,
        ctx_hint,
        sources_title,
        /// After the MLCommons trademark notice (quoted in English, ui::components::footer): the page's own sentence.
        trademark_own,
        /// The vendor's imprint and privacy policy, linked from a standalone page's footer.
        imprint,
        privacy,
        /// The label of the vendor's legal links in the footer.
        legal_label,
        /// The offline copy's notice: heading.
        offline_copy_title,
        charts_title,
        bar_caption,
        limit_title,
        w_per_card,
        limit_caption,
        compare_title,
        compare_name_label,
        compare_add,
        remove,
        differences_against,
        best_hint,
        /// The language's id (`en`, `de`): [`Strings::lang`].
        lang_id,
        /// The quote's (and the e-mail's) first line, neutral: it names the estimate, whoever sends it.
        q_opening,
        q_model,
        /// The quote's label for the customer's own model.
        q_own_model,
        q_customer,
        q_reference,
        q_link,
        /// The subjects of the quote request and of "Email this configuration".
        q_subject,
        mail_subject,
        /// The label of the summary to copy, offered where the e-mail was shortened.
        summary_label,
        /// The hand-off without a vendor: a `mailto:` without an address, and a summary to copy.
        email_config,
        copy_summary,
        summary_copied,
        handoff_title,
        handoff_hint,
        notes_assumes,
        notes_sources,
        /// The printed notes' assumptions and sources that every compared configuration shares, said once.
        notes_all_assume,
        notes_all_sources,
        /// The e-mail's and quote's short idle caveat before the command, and before the wall's (issue 47).
        mail_idle,
        mail_wall,
        download_csv,
        download_json,
        compare_clear,
        compare_open,
        download_refused,
        grid_label,
        col_figure,
        baseline_mark,
        best_mark,
        /// The mark where every value of a row is a ceiling: not a measured efficiency.
        best_ceiling_mark,
        /// Before the list of what compared configurations differ in.
        mismatch_intro,
        throughput_row,
        measure_privacy,
        measure_intro,
        /// The paste boxes' placeholders: what a tool prints, with "or" between the tools.
        energy_example,
        tokens_example,
        series_example,
        hint_duration,
        hint_idle,
        hint_wall,
        hint_concurrency,
        hint_run_limit,
        node_note,
        gpu_note,
        own_token,
        own_gpu_energy,
        own_output,
        own_prompt,
        prompt_note,
        own_tps,
        tps_note,
        own_power,
        power_note,
        own_above_idle,
        above_idle_note,
        own_node,
        keep_run,
        per_gpu,
        col_energy_j,
        col_share,
        col_avg_power,
        kept_runs,
        col_concurrency,
        col_limit_w,
        /// The kept runs' column: tokens/s ÷ concurrency.
        col_per_user,
        // Issue 39: what a kept run was measured on, and its ceiling.
        col_run_card,
        /// A measured count (tokens, tokens/s): the engine's counters, no power boundary.
        kind_measured_count,
        col_gpus,
        col_model,
        col_date,
        col_ceiling,
        chart_against,
        axis_concurrency,
        axis_limit,
        clear_runs,
        logs_title,
        logs_hint,
        window_power,
        window_power_note,
        window_token,
        window_token_note,
        pick_file,
        /// The fold under a measured figure with one digit more.
        more_digits,
        // Issue 25: power samples, MIG rows, the two comparisons.
        series_token_note,
        tps_series_note,
        hint_interval,
        gpu_row_first_last,
        qr_hint,
        qr_mail,
        qr_page,
        qr_posted,
        qr_not_framed,
        // Issue 34: one tag per figure, its kind and boundary, in every view.
        /// "ceiling" before a boundary ("ceiling, GPU boards + server").
        tag_ceiling,
        /// "estimate" before a boundary.
        tag_estimate,
        /// "at least" before a lower bound's value.
        at_least,
        /// Site power for a demand: the day's energy over 24 hours.
        p_site_power_avg,
        /// Site power in the demand's busy hours.
        p_site_busy,
        /// The energy and power labels of a figure whose scope stops short of the site (no PUE): the
        /// same figures as `p_site_*`, not named after a data centre (issue 38).
        p_plain_power,
        p_plain_power_avg,
        p_plain_busy,
        p_plain_day,
        p_plain_year,
        p_plain_token,
        p_plain_answer,
        p_tokens_per_mw,
        to_answer,
        water_summary,
        p_water_year,
        p_water_onsite,
        p_water_offsite,
        p_embodied_year,
        p_embodied_mtok,
        scope_embodied,
        more_water,
        eu_kpis_caption,
        eu_edc,
        eu_eit,
        eu_pue,
        eu_win,
        eu_wue,
        eu_erf,
        eu_ref,
        eu_operator,
        scope_circuit,
        circuits_summary,
        p_tokens_per_mw_short,
        p_system_tokens_per_mw,
        p_site_tokens_per_mw,
        p_circuit_kw,
        p_circuits_per_feed,
        p_feed_amps,
        p_position_kva,
        /// How the page's tokens per MW differ from InferenceX's (issue 36).
        tpmw_note,
        more_breaker,
        /// The answer's energy per token once a demand is typed: the plan's own.
        answer_demand_token,
        /// The benchmark's ceiling beside it, renamed once a demand is typed.
        figure_token_benchmark,
        /// The plan's mismatch warning: a compared configuration's plan differs from the page's.
        plan_differs_title,
        /// Issue 35: the link from the answer's idle line to the field.
        idle_replace,
        /// What the standing part is, on hover.
        standing_title,
        /// The year's two parts as grid rows and quote lines.
        p_standing_year,
        p_work_year,
        /// Under the idle references: used while the field is empty.
        idle_default_note,
        /// Before the measuring command where no idle power is published for the card.
        idle_unpublished,
        /// The load sweep's fold and its axis labels.
        sweep_summary,
        sweep_x,
        sweep_y,
        /// The sweep's marker: the demand's load.
        sweep_here,
        /// The button that gives every compared configuration the page's plan.
        plan_apply_all,
        // issue 49
        /// Before the plan's answer in the e-mail's line: "In this plan: ".
        mail_in_plan,
        /// The comparison's bar chart with a plan: its title and caption.
        bar_title_plan,
        bar_caption_plan,
        /// The comparison's bar chart without a plan: the ceilings, titled as such.
        bar_title_ceilings,
        bar_caption_ceilings,
        // issue 50
        /// After a result MLCommons published as a preview, wherever the result is named.
        preview_mark,
        /// The box that narrows the result select by submitter or system, and its hint.
        result_filter_label,
        result_filter_hint,
        // issue 47
        /// Where the idle default is used: why it is uncertain and the command that replaces it.
        idle_caveat,
        /// Before the wall reading's command.
        idle_caveat_wall,
        /// The list of what decides the answer.
        sensitivity_title,
        /// The link to Measure your own, where the idle power decides the answer most.
        narrow_idle,
        /// How to narrow an input typed in the plan.
        narrow_field,
        /// How to narrow the load curve.
        narrow_curve,
        /// After a per-million-tokens label without a demand: the figure is at full throughput.
        at_full_throughput,
    }
    messages {
        /// "Offered by {vendor}".
        offered_by: fn(&str) -> String,
        /// The phone bar's line where the year rests on a card's sourced idle span (issue 47).
        bar_idle: fn(&str) -> String,
        field: fn(Field) -> &'static str,
        scenario: fn(Scenario) -> &'static str,
        /// What a scenario means for a buyer, with the selected benchmark's latency bounds
        /// (`crate::latency::bound`; `None` for Offline): "requests arrive at random; 99 % …".
        scenario_explanation: fn(Scenario, Option<crate::latency::Bound>) -> String,
        /// ", 99 % accuracy target".
        accuracy: fn(&str) -> String,
        unit: fn(Unit) -> &'static str,
        /// A count's unit after exactly one ("1 rack position", "1 Rack-Stellplatz"); other units as `unit`.
        unit_one: fn(Unit) -> &'static str,
        /// The short hint under a number field ("1 to 64").
        hint: fn(&Range) -> String,
        input_error: fn(&InputError) -> String,
        adjustment: fn(&Adjustment) -> String,
        notice: fn(&Notice) -> String,
        /// "Made with data version {version} of {date}; the page shows data version {current}."
        data_older: fn(&str, &str, &str) -> String,
        /// A data version the page does not list.
        data_unknown: fn(&str, &str) -> String,
        assumption: fn(&Assumption) -> String,
        /// The words for a range's two ends, `(lower, upper)`, where the assumption makes one.
        range_ends: fn(&Assumption) -> Option<(String, String)>,
        /// An origin typed or pasted by the reader: "your input (servers)".
        your_input: fn(&str) -> String,
        your_paste: fn(&str) -> String,
        /// The figures for a screen reader: label, value text, kind.
        live: fn(&str, Option<&str>, &str) -> String,
        /// "{id} was published at {watts} W per card. "
        published_at: fn(&str, &str) -> String,
        use_instead: fn(&str) -> String,
        more_results: fn(usize) -> String,
        /// `(low cards, low setting, low tps, low id, high tps, high setting, high id, percent, less)`.
        cap_pair: fn(&CapPair) -> String,
        share_warning: fn(&str) -> String,
        copied_with: fn(&str) -> String,
        catalogue_line: fn(&str, &str) -> String,
        /// The sheet's and the e-mail's non-binding line: `(date or empty, data version)`.
        sheet_terms: fn(&str, &str) -> String,
        /// Who the sheet is from: the vendor's name and contact.
        sheet_from: fn(&str, Option<&str>) -> String,
        /// The configuration on the sheet: servers, cards, card, watts, throughput words.
        configuration: fn(&str, &str, &str, &str, &str) -> String,
        own_throughput_words: fn(&str) -> String,
        /// Dense or MoE, as the select and the sheet name them.
        arch_name: fn(crate::proxy::Arch) -> &'static str,
        /// The customer's model's size and kind in words (" (70 B parameters, dense)"; empty where neither is given).
        own_size_words: fn(Option<f64>, Option<crate::proxy::Arch>) -> String,
        /// The customer's model in words: its name (as typed, trimmed), size and kind where given.
        own_model_words: fn(&str, Option<f64>, Option<crate::proxy::Arch>) -> String,
        /// What the figures are for: the benchmark on the page (`None`: the throughput typed), and the
        /// proxy or why none is named.
        own_proxy: fn(crate::proxy::Proxy, Option<crate::catalogue::Benchmark>) -> String,
        /// "FP8 weights".
        weights: fn(&str) -> String,
        /// A result's power in the throughput select: "1,000 W", "700 W rated", "power not stated".
        result_power: fn(crate::model::ResultPower) -> String,
        /// What is known of a result's precision (issue 28.9): "FP8 weights", or "started from
        /// FP16; served format not stated" where a transformation is stated.
        precision: fn(&crate::precision::Precision) -> String,
        /// The same in the table's Precision column: "FP8", or "FP16 → not stated".
        precision_cell: fn(&crate::precision::Precision) -> String,
        qr_title: fn(&str) -> String,
        /// Issue 53: the embedded widget's button that sends the quote request to the page around it,
        /// by that page's host ("www.example.com"): it says what it does.
        qr_post: fn(&str) -> String,
        /// Issue 53: the button under the CO₂ question that takes the value in grams ("380").
        co2_take: fn(&str) -> String,
        /// Issue 53: the answer's CO₂ while the question is open: it rests on the value as typed.
        co2_resting: fn(&str) -> String,
        /// The e-mail's precision line: (a published result, the served format, the format it
        /// started from where the served one is not stated).
        q_precision: fn(bool, Option<&str>, Option<&str>) -> String,
        /// On the page, where the e-mail was shortened: the safe length in the page's numbers.
        mail_too_long: fn(&str) -> String,
        /// A JSON file read back: (configurations, customer, reference, the file's data version,
        /// the page's data version).
        imported: fn(usize, &str, &str, Option<&str>, &str) -> String,
        measure_input: fn(crate::measure::Input) -> &'static str,
        measure_problem: fn(&crate::measure::Problem) -> String,
        counter_note: fn(&str) -> String,
        engine_note: fn(&str) -> String,
        /// Against the published figure where the run's or the published throughput per GPU is
        /// not known: `(percent, ceiling, range, the benchmark's model where the counters name
        /// another, whether the run's tokens/s is known)`.
        versus_ceiling: fn(&str, &str, bool, Option<&str>, bool) -> String,
        /// `(percent, limit W, whose limit)`.
        versus_limit: fn(&str, &str, crate::measure::versus::LimitFrom) -> String,
        runs_against: fn(&str) -> String,
        /// The kept-runs chart's horizontal axis, and a point's tooltip `(axis, axis value, J/token)`.
        run_axis: fn(crate::measure::runs::Axis) -> &'static str,
        run_point: fn(crate::measure::runs::Axis, &str, &str) -> String,
        no_run_with: fn(crate::measure::runs::Axis) -> String,
        /// Kept runs at different loads: (the concurrencies, the power limits in W; each empty
        /// where the runs agree), written with the page's numbers.
        runs_differ: fn(&[String], &[String]) -> String,
        window_samples: fn(&str, &str, &str, &str, &str) -> String,
        // Issue 25: power samples, MIG rows, the two comparisons, missing boxes, picked files.
        /// `(tool, samples, gaps, timed, interval, interval typed)`.
        series_note: fn(&str, usize, usize, bool, &str, bool) -> String,
        /// `(series, spread in J)`.
        gpu_row_mig: fn(usize, &str) -> String,
        /// `(samples, gaps)`.
        gpu_row_samples: fn(usize, usize) -> String,
        /// A `dcgmi dmon` GPU listed only in polls `first` to `last` of `polls`, over its own `seconds`.
        gpu_row_own_window: fn(usize, usize, usize, &str) -> String,
        /// The boxes still to fill, each named, as a list the language writes.
        missing_boxes: fn(&[&str]) -> String,
        /// `(percent, ceiling, GPUs, watts per GPU, the run's tokens/s, whose limit, whether the run
        /// averaged above it)`.
        versus_own_ceiling: fn(&str, &str, usize, &str, &str, crate::measure::versus::LimitFrom, bool) -> String,
        /// `(percent, ceiling, range, the benchmark's model where the counters name another, the
        /// throughput per GPU)`.
        versus_published: fn(&str, &str, bool, Option<&str>, &PaceWords) -> String,
        /// The counters name another model than the benchmark's: `(the pasted names, the
        /// benchmark's model)`.
        other_model: fn(&str, &str) -> String,
        /// The calculator's proxy for the customer's model: `(the model typed there, the proxy's
        /// benchmark model)`.
        model_proxy: fn(&str, &str) -> String,
        /// The button taking the pasted model as the customer's own model in the calculator.
        use_model: fn(&str) -> String,
        /// A run averaging above its limit: `(W per GPU, percent, limit W, the fields likely
        /// wrong, the configured card's name)`.
        above_limit: fn(&str, &str, &str, &[crate::measure::versus::Suspect], &str) -> String,
        /// `(file name, box)`.
        your_file: fn(&str, &str) -> String,
        /// An AMD tool's energy counter.
        amd_counter_note: fn(&str) -> String,
        /// `(tool, polls, interval, interval typed)`: an energy counter polled over the run.
        counter_series_note: fn(&str, usize, &str, bool) -> String,
        /// `(the pasted GPUs' name, the configured card's name, whether the catalogue lists the pasted one)`.
        other_card: fn(&str, &str, bool) -> String,
        /// The button switching the calculator to the pasted card.
        use_card: fn(&str) -> String,
        compare_hint: fn(usize, usize) -> String,
        name_of: fn(usize) -> String,
        move_up: fn(&str) -> String,
        move_down: fn(&str) -> String,
        remove_named: fn(&str) -> String,
        delta: fn(&str) -> String,
        /// The answer's idle line: the sourced reading used, in W per card.
        idle_sourced: fn(&str) -> String,
        /// The year's standing part with its share, and the work.
        standing_part: fn(&str, &str) -> String,
        work_part: fn(&str) -> String,
        /// The unit beside a plan field's box, short (`tokens/day`, `W`); a price's with its currency
        /// (`EUR/kWh`); empty for a number without a unit (PUE, power factor).
        box_unit: fn(Field, &str) -> String,
        /// A range against the baseline, end against end: lower ends' per cent, upper ends'.
        delta_ends: fn(&str, &str) -> String,
        /// The compared configurations whose plan differs from the page's, by name.
        plan_differs: fn(&[String]) -> String,
        compare_error: fn(&CompareError) -> String,
        not_a_comparison: fn(&Foreign) -> String,
        /// A compared configuration never named: "8 × H200 NVL · 6.0-0021 · Interactive".
        compare_default_name: fn(&Facts) -> String,
        /// Under each name in the grid: cards, servers, result, scenario, benchmark, precision, limit.
        compare_subtitle: fn(&Facts) -> String,
        mismatch: fn(Mismatch) -> &'static str,
        /// A value in the e-mail's lines: `(value in the page's numbers, unit, kind id)`.
        /// A value with its unit and its tag ([`Strings::tag`]) for the e-mail and summary.
        mail_value: fn(&str, Option<&str>, &str, &str) -> String,
        bar_measured: fn(&str) -> String,
        bar_title: fn(&str, &str) -> String,
        bar_more: fn(usize) -> String,
        limit_held: fn(&str, &str, &str, &str) -> String,
        /// The limit chart's region below the lowest published setting: "unknown below {W} W".
        limit_unknown: fn(&str) -> String,
        /// Beside the power-limit field, below the lowest published setting (W).
        limit_unpublished: fn(&str) -> String,
        /// Beside the power-limit field, above a power mode's maximum: (mode's label, its maximum W).
        limit_above_mode: fn(&str, &str) -> String,
        /// A dcgm-exporter paste's enforced limits against the run's typed limit:
        /// (enforced W, listed per distinct value; the typed W, if any; whether they agree).
        enforced_limit: fn(&str, Option<&str>, bool) -> String,
        per_response: fn(&str) -> String,
        data_version: fn(&str, &str) -> String,
        /// A source's reading date (ISO) as its entry ends: "read October 10, 2026".
        source_read: fn(&str) -> String,
        /// A card's name in full, its note in the page's language ("NVIDIA GB200 186 GB (per
        /// Blackwell GPU)"); [`card_name`].
        card_name: fn(&crate::catalogue::Card) -> String,
        /// A source as one line of plain text, for an export: publisher, title, note and date in the
        /// page's language (the title as published); [`source_entry`].
        source_entry: fn(&crate::catalogue::Source) -> String,
        /// The method's version line: (method version, data version, last updated).
        method_version: fn(u32, &str, &str) -> String,
        /// How to cite the page: (method version, data version, last updated).
        method_cite: fn(u32, &str, &str) -> String,
        /// "No measurement is published for this card (as of data version {v})".
        no_measurement: fn(&str) -> String,
        /// A card missing from the newest round: (newest round, its date, the card's rounds with
        /// their years, e.g. "v4.1 (2024), v5.1 (2025)").
        round_gap: fn(&str, &str, &str) -> String,
        /// The page as this browser kept it for offline use: "kept on {date}, data version {version}".
        offline_copy: fn(&str, &str) -> String,
        decimal: fn(&str) -> String,
        table_title: fn(&str, Option<&str>) -> String,
        load_row: fn(&str, &str) -> String,
        rows_count: fn(usize, usize) -> String,
        /// A system of several nodes as published: nodes, accelerators per node, all of them, and
        /// the racks they fill with the rack's name ("18 nodes × 4 = 72 GPUs, one NVL72 rack").
        system_layout: fn(u32, u32, u32, Option<(u32, &str)>) -> String,
        show_all: fn(usize) -> String,
        plan_empty: fn(Option<&str>) -> String,
        refs_label: fn(&str) -> String,
        use_value: fn(&str) -> String,
        scope_server: fn(Option<&str>) -> String,
        scope_site: fn(Option<&str>) -> String,
        plan_scope: fn(bool, bool) -> &'static str,
        needs: fn(&str) -> String,
        eu: fn(bool, &str) -> String,
        /// What EU 2024/1364 asks to report, how often and where (issue 28.6), tied to the plan's own
        /// kWh per year where it has one (its value as the page writes it, with its unit).
        eu_reports: fn(Option<&str>) -> String,
        chart_label: fn(&str, &str) -> String,
        /// A plan notice: what the plan did, or why a figure asked for is missing.
        plan_notice: fn(&crate::plan::PlanNotice) -> String,
        /// The sources' disclosure: "{n} sources".
        sources_summary: fn(usize) -> String,
        /// A field's reference values folded: "{n} reference values".
        refs_summary: fn(usize) -> String,
        /// Under rack positions in the answer: "at most {n} servers per position" (or GPU boards only).
        answer_rack_fit: fn(&str, bool) -> String,
        /// An energy, cost or carbon label with what it stands for: for the demand, at the average
        /// load, or every card at its limit all day.
        with_basis: fn(&str, crate::plan::EnergyBasis) -> String,
        /// Under servers per rack position without a server overhead: "GPU boards only: at most {n}; …".
        rack_boards_only: fn(&str) -> String,
        /// A plan label that names what is counted (issue 36): "Servers needed", "Racks needed", "Systems needed".
        noun_label: fn(NounLabel, crate::system::Noun) -> &'static str,
        /// The water's two parts, on site and off site, as read (issue 40).
        water_parts: fn(&str, &str) -> String,
        /// A card without a published manufacturing footprint.
        embodied_unpublished: fn(&str) -> String,
        /// A figure's scope at a sourced system's maximum: "whole system", "+ site" where `true`.
        scope_system: fn(bool) -> &'static str,
        /// The system the plan counts and what its source states (issue 36), in a sentence.
        system_line: fn(&SystemWords) -> String,
        /// The electrical sign-off's verdict, naming the rule it applied.
        sign_off: fn(&crate::plan::SignOff) -> String,
        // issue 51: measure your own, series by series.
        /// Where a token series restarted or is missing: `(the most the J/token can be, where the
        /// energy is known; the fewest tokens generated)`.
        token_bound: fn(Option<&str>, &str) -> String,
        /// Token series only in "after", counted whole: their names.
        new_series: fn(&str) -> String,
        /// A run averaging above the measured card's rating: `(W per GPU, card, rating W)`.
        above_rating: fn(&str, &str, &str) -> String,
        /// The button switching the calculator to the catalogue's benchmark of the pasted model:
        /// `(benchmark model, the pasted model)`.
        use_benchmark: fn(&str, &str) -> String,
        /// A kept run's card the catalogue does not list: "<name> (not in the catalogue)".
        not_in_catalogue: fn(&str) -> String,
        // issue 49
        /// A row or line of GPU-board figures alone beside a plan: "Energy per day, all servers, GPU boards only".
        boards_only_name: fn(&str) -> String,
        /// The brief e-mail's line after the configurations where every answer has one kind and boundary.
        mail_plan_tag: fn(&str) -> String,
        /// On the page where even the short e-mail is longer than the mail link's limit (in the page's numbers).
        mail_unfit: fn(&str) -> String,
        // issue 50
        /// A group of the result select: one round ("MLPerf Inference v6.1").
        round_group: fn(&str) -> String,
        /// How many of the card's results the typed text finds: (found, all).
        result_filter_count: fn(usize, usize) -> String,
        // issue 47
        /// The idle span used with no idle typed: "Idle {w} W per card …".
        idle_span: fn(&str) -> String,
        /// An uncertain input's name in the list of what decides the answer.
        sensitivity_input: fn(crate::plan::SensitiveInput) -> &'static str,
        /// One item: its name, the year at its ends (with unit), the input's ends (with unit).
        sensitivity_item: fn(&str, &str, &str) -> String,
        /// A typed input: its name and the year (with unit).
        sensitivity_typed: fn(&str, &str) -> String,
        /// An input no source gives a spread.
        sensitivity_none: fn(&str) -> String,
        /// The largest: its name and the year at its ends.
        sensitivity_largest: fn(&str, &str) -> String,
        // issue 48
        /// The comparison grid's cooling row (a facility engineer's rows, with a plan).
        grid_cooling: &'static str,
        cooling_kind: fn(crate::compare::Cooling) -> &'static str,
        grid_it_heat: &'static str,
        /// At the overhead field of a server no source describes: its own draw is not published; the
        /// command that reads it (`ipmitool dcmi power reading`) stands between the two parts.
        overhead_unpublished: &'static str,
        overhead_unpublished_after: &'static str,
        // issue 52
        /// The select of the vendor's own systems, first in the configuration: "{vendor}'s systems".
        vendor_systems: fn(&str) -> String,
        /// Its first option: no system, a card of the catalogue.
        vendor_system_none: &'static str,
        /// One option: the system's name, its GPU count and card.
        vendor_system_option: fn(&str, u32, &str) -> String,
        /// Under the answer: the whole system's measured idle (with unit) and the system's name, before its source.
        vendor_idle: fn(&str, &str) -> String,
        /// The result select's first group: the vendor's own MLPerf submissions.
        vendor_submissions: fn(&str) -> String,
        /// The quote's and e-mail's line naming the vendor's system and the source its figures cite.
        q_system: fn(&str, &str) -> String,
        /// What decides the answer: the vendor's measured idle of the whole system (system, W, the year).
        sensitivity_vendor: fn(&str, &str, &str) -> String,
    }
}

/// The plan labels whose words follow what the plan counts (issue 36).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NounLabel {
    Needed,
    Peak,
    ItPower,
    Amps,
    PerPosition,
    OneMore,
    PartPeak,
    Board,
    Day,
    Heat,
    BusyLoad,
    /// The scope word of a count or a rate sized on the throughput: "throughput per server".
    Throughput,
}

/// What the system line says: the system counted, and its source's facts where sourced.
pub struct SystemWords<'a> {
    pub system: &'a crate::plan::PlanSystem,
    /// GPUs in the whole system.
    pub gpus: u32,
    /// The sourced maximum in kW (low, high) where one is used.
    pub max_kw: Option<(f64, f64)>,
}

// issue 53: no English on the German page.
/// A reference value's year as the page's language writes it: the catalogue's "read 2026" (a reading
/// posted without a date, read that year) is "abgerufen 2026" in German; a year as it is.
pub fn reference_year(year: &str, lang: Lang) -> String {
    match (lang, year.strip_prefix("read ")) {
        (Lang::De, Some(rest)) => format!("abgerufen {rest}"),
        _ => year.to_owned(),
    }
}

// issue 53: German that breaks like German on a phone.
/// `text` as a label shows it: in German, with a soft hyphen (U+00AD) at the joint of each long
/// compound of the page's labels ("Versorgungs\u{AD}spannung"), where a narrow column would otherwise
/// break the word without a hyphen; the stylesheet's `hyphens: auto` (under `lang="de"`) breaks there
/// and shows the hyphen, with or without the browser's German dictionary. Only for what a person reads
/// on the page: never in a link, a file, an e-mail or an `aria-label`.
pub fn breakable(text: &str, lang: Lang) -> String {
    match lang {
        Lang::De => de::COMPOUNDS.iter().fold(text.to_owned(), |out, word| {
            let plain = word.replace('\u{AD}', "");
            if out.contains(&plain) {
                out.replace(&plain, word)
            } else {
                out
            }
        }),
        Lang::En => text.to_owned(),
    }
}

/// A card's name as the page writes it in full: the maker's name, then the note on what it counts in
/// the page's language, in parentheses ("NVIDIA GB200 186 GB (je Blackwell-GPU)"). Short labels (a
/// configuration's default name, a chart's bar) and the exports' `card` id use the name alone.
pub fn card_name(card: &crate::catalogue::Card, lang: Lang) -> String {
    match card.name_note.as_deref() {
        Some(note) => format!("{} ({})", card.name, pick(lang, note, card.name_note_de.as_deref())),
        None => card.name.to_string(),
    }
}

/// A source's publisher in the page's language: the German description where the data gives one
/// ("Europäische Kommission"), else the name as the source writes it.
pub fn source_publisher(source: &crate::catalogue::Source, lang: Lang) -> &str {
    pick(lang, &source.publisher, source.publisher_de.as_deref())
}

/// Whether the publisher is shown as the source names it (a name, the same in every language), not
/// in the page's words.
pub fn publisher_is_name(source: &crate::catalogue::Source, lang: Lang) -> bool {
    lang == Lang::En || source.publisher_de.is_none()
}

/// The project's note on a source in the page's language; code in it is quoted in backticks.
pub fn source_note(source: &crate::catalogue::Source, lang: Lang) -> Option<&str> {
    source.note.as_deref().map(|note| pick(lang, note, source.note_de.as_deref()))
}

/// The catalogue's ISO date as the page writes a date: "2026-10-10" as "October 10, 2026" or "10. Oktober
/// 2026", "2025-12" as "December 2025" or "Dezember 2025"; a year or other text as given.
pub fn catalogue_date(iso: &str, lang: Lang) -> String {
    let parts: Vec<Option<u32>> = iso.split('-').map(|p| p.parse::<u32>().ok()).collect();
    let year = |y: u32| i32::try_from(y).ok();
    match parts.as_slice() {
        [Some(y), Some(m), Some(d)] if (1..=12).contains(m) && (1..=31).contains(d) => {
            year(*y).map_or_else(|| iso.to_owned(), |y| intl::long_date(y, *m, *d, lang))
        }
        [Some(y), Some(m)] if (1..=12).contains(m) => {
            year(*y).map_or_else(|| iso.to_owned(), |y| intl::month_year(y, *m, lang))
        }
        _ => iso.to_owned(),
    }
}

/// The date a source's entry ends with: its date (the English page keeps the catalogue's ISO dates,
/// the German one writes German dates), or "read …"/"abgerufen am …" where the page was read that day.
pub fn source_date(source: &crate::catalogue::Source, lang: Lang) -> String {
    let date = match lang {
        Lang::En => source.date.to_string(),
        Lang::De => catalogue_date(&source.date, lang),
    };
    match source.read.as_deref() {
        Some(read) if read == &*source.date => (lang.strings().source_read)(read),
        Some(read) => format!("{date}, {}", (lang.strings().source_read)(read)),
        None => date,
    }
}

/// A source's date in a short citation beside a figure: the date alone, as the page's language
/// writes it (the footer's entry says when it was read).
pub fn source_short_date(source: &crate::catalogue::Source, lang: Lang) -> String {
    match lang {
        Lang::En => source.date.to_string(),
        Lang::De => catalogue_date(&source.date, lang),
    }
}

/// A source as one line of plain text (an export's sources): "publisher, title (note) (date) <url>".
pub fn source_entry(source: &crate::catalogue::Source, lang: Lang) -> String {
    let note = source_note(source, lang).map(|n| format!(" ({})", n.replace('`', ""))).unwrap_or_default();
    let url = source.url.as_deref().map(|u| format!(" <{u}>")).unwrap_or_default();
    format!("{}, {}{note} ({}){url}", source_publisher(source, lang), source.title, source_date(source, lang))
}

/// A text of the loading page in every language, as `static/index.html`'s boot block holds it (the
/// build writes it there, `static/build/prerender.mjs`): one `<span data-lang>` per language, each
/// but English with its `lang`. The boot script marks the link's language on `<html
/// data-boot-lang>` before the first paint, and the stylesheet shows that language's span alone.
pub fn boot_words(text: fn(&Strings) -> &'static str) -> String {
    let escape = |t: &str| t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    Lang::ALL
        .into_iter()
        .map(|l| {
            let lang = if l == Lang::En { String::new() } else { format!(" lang=\"{}\"", l.id()) };
            format!("<span data-lang=\"{}\"{lang}>{}</span>", l.id(), escape(text(l.strings())))
        })
        .collect()
}

/// A result's line in the throughput select, in the page's language: "6.0-0075 · NVIDIA · 72 × FP4
/// (18 × 4, NVL72) · 1,200 W" ("1.200 W" in German; "700 W rated", "power not stated" in words).
pub fn result_label(lang: Lang, parts: &crate::model::ResultLabel) -> String {
    let layout = match parts.layout {
        None => String::new(),
        Some(l) => match l.racks {
            None => format!(" ({} × {})", l.nodes, l.per_node),
            Some((1, rack)) => format!(" ({} × {}, {rack})", l.nodes, l.per_node),
            Some((racks, rack)) => format!(" ({} × {}, {racks} × {rack})", l.nodes, l.per_node),
        },
    };
    // issue 50: a preview says so after its id.
    let preview = if parts.preview { format!(" ({})", lang.strings().preview_mark) } else { String::new() };
    format!(
        "{}{preview} · {} · {} × {}{layout} · {}",
        parts.id,
        parts.submitter,
        parts.accelerators,
        parts.weights.to_ascii_uppercase(),
        (lang.strings().result_power)(parts.power)
    )
}

/// The run's throughput per GPU against the published result's, written with the page's numbers
/// (`measure::versus::PerGpu`).
pub struct PaceWords<'a> {
    pub run: &'a str,
    pub run_total: &'a str,
    pub run_gpus: usize,
    pub published: &'a str,
    pub published_total: &'a str,
    pub published_cards: u32,
    pub pace: crate::measure::versus::Pace,
}

/// A pair of published results at two power settings, in words and formatted numbers.
pub struct CapPair<'a> {
    pub cards: u32,
    pub low_setting: &'a str,
    pub low_tps: String,
    pub low_id: &'a str,
    pub high_tps: String,
    pub high_setting: &'a str,
    pub high_id: &'a str,
    pub percent: String,
    pub less: bool,
}

/// A token series as an alert names it (issue 51): its metric and labels, up to 120 characters (the
/// labels are what tell two engines apart, so a longer cut than [`crate::form::clip`]'s).
pub(crate) fn clip_series(series: &str) -> String {
    const MAX: usize = 120;
    if series.chars().count() <= MAX {
        series.to_owned()
    } else {
        format!("{}…", series.chars().take(MAX).collect::<String>())
    }
}

// issue 50
/// A published result's id as the sheet and the e-mail name it: with "(preview — not yet available)"
/// after it where MLCommons published the result as a preview.
pub fn result_id(lang: Lang, catalogue: &crate::catalogue::Catalogue, id: &str) -> String {
    if catalogue.entry(id).next().is_some_and(crate::catalogue::PublishedResult::is_preview) {
        format!("{id} ({})", lang.strings().preview_mark)
    } else {
        id.to_owned()
    }
}
