//! English: the page's first language. Messages with values are the core types' own `Display`.

use super::{intl, number, CapPair, Lang, Strings};
use crate::catalogue::Scenario;
use crate::compare::Mismatch;
use crate::figure::Unit;
use crate::form::Field;
use crate::form::{clip, number as english_number};
use crate::measure::runs::Axis;
use crate::measure::versus::{LimitFrom, Pace, Suspect};
use crate::measure::{Input, MeasureError, Problem};
use crate::model::ResultPower;
use crate::plan::{EnergyBasis, PlanNotice};
use std::fmt;

pub const EN: Strings = Strings {
    language_label: "Language",
    skip_link: "Skip to the figures",
    doc_title: "token-energy · GPU energy per LLM token",
    boot_status: "Calculating…",
    lede: "What a token of a large language model costs in GPU energy: from the cards' power limit and a published throughput, with every figure's kind and source.",
    open_full: "Open the full calculator ↗",
    method_link: "Method and how to cite ↗",
    modes_label: "Sections",
    mode_calculator: "Calculator",
    mode_measure: "Measure your own",
    config_title: "Configuration",
    own_throughput: "My own measured throughput",
    not_published: " (not published)",
    throughput_label: "Throughput: MLPerf result or your own",
    hint_result: "Throughput counts output tokens, the text the model writes; the prompt tokens it reads are not counted.",
    which_scenario: " Which fits: Interactive for a chatbot, Server for requests from many users, Offline for batch jobs.",
    tps_hint: "Output tokens per second that one server produced at the power limit below.",
    per_card: " per card",
    slider_label: "Power limit per card, slider",
    lg_summary: "Your card's own range (nvidia-smi)",
    lg_query: "shows the delivered card's Min Power Limit and Max Power Limit, which can differ from the published range: an RTX PRO 6000 Server Edition in its 450 W cable mode reports a 450 W maximum.",
    lg_set: "sets a limit (here 450 W on GPU 0) inside that range; it needs root.",
    lg_check: "A limit set so does not survive a reboot or a driver reload: check afterwards that it still applies. DCGM exports the limit the driver enforces as",
    ok: "OK",
    figures_title: "Figures",
    figure_token: "Energy per output token",
    figure_million: "Per million output tokens",
    figure_measured: "Measured energy per token",
    figure_board: "Board power per server",
    figure_day: "Energy per day, all servers",
    figure_heat: "Heat, all servers",
    bound_board: "Every card at its power limit: GPU boards only, not a measurement. Servers draw more (processors, fans, power supplies).",
    bound_token: "At most this much GPU-board energy per token at this throughput and limit; not a measurement, and without processors, fans, power supplies or cooling.",
    bound_day: "Every card at its limit for 24 hours, busy or idle: an upper bound for the GPU boards of all servers.",
    bound_heat: "All electrical power ends as heat in the room; this is the GPU boards' share at their limit.",
    not_available: "Not available until the fields above are valid.",
    range_to: " to ",
    at: "at",
    from: "From: ",
    kind_ceiling: "GPU-board ceiling",
    kind_measured_node: "Measured · whole server at the wall",
    kind_measured_board: "Measured · GPU boards",
    kind_estimate: "GPU-board estimate",
    short_ceiling: "ceiling, GPU boards",
    short_measured_node: "measured, whole server",
    short_measured_board: "measured, GPU boards",
    short_estimate: "estimate, GPU boards",
    short_throughput: "as published or typed",
    short_throughput_scaled: "estimate, scaled per card",
    explain_node: "Metered by MLPerf Power at the wall (AC) for the whole server, at the result's own configuration.",
    explain_board: "Metered on the GPU boards only.",
    scope_note: "A GPU-board ceiling can sit below a whole-server measurement: the ceiling counts the GPU boards alone, while the meter at the wall also counts processors, memory, fans and power-supply losses.",
    capped_title: "Published results at a lowered power setting",
    other_systems: "Other systems: evidence of the trend, not a measurement of yours.",
    entry: " · entry ",
    power_setting: "power setting",
    not_stated: "not stated",
    published: " · published ",
    notices_changed: "This link was partly changed",
    notices_unusable: "This link holds values the page cannot use",
    data_notice_title: "Figures from today's data",
    data_unversioned: "This link was made before links carried a data version: its figures may have changed since it was made.",
    data_nothing_since: "Nothing that concerns this configuration has changed since.",
    dismiss: "Dismiss",
    share_title: "Share this configuration",
    share_url_label: "Link to this configuration",
    copy_link: "Copy link",
    print: "Print estimate sheet",
    copied: "Link copied.",
    copy_refused: "This browser did not allow copying here: select the link above and copy it by hand.",
    opening_restores: "Opening the link restores every field.",
    quote_title: "Estimate sheet",
    quote_hint: "Printed on the sheet and kept in the link.",
    sheet_title: "token-energy · indicative estimate",
    sheet_qr_label: "QR code of the link to this comparison",
    sheet_qr_caption: "Scan to open these configurations on the page, every field as here.",
    sheet_link_label: "Link to this sheet: ",
    customer: "Customer: ",
    reference: "Reference: ",
    own_sheet: "Your model: ",
    per_day: "kWh/day",
    per_year: "per year",
    storage_refused: "This browser did not keep the comparison (private mode, or its storage is full or refused): it lives in the link only.",
    offered_by: |name| format!("Offered by {name}"),
    field: Field::label,
    scenario: Scenario::label,
    scenario_explanation,
    accuracy: |a| format!(", {a} accuracy"),
    unit: Unit::symbol,
    unit_one: |u| match u {
        Unit::Servers => "server",
        Unit::Tokens => "token",
        Unit::People => "person",
        Unit::Positions => "rack position",
        Unit::Racks => "rack",
        Unit::Systems => "system",
        Unit::Circuits => "circuit",
        other => other.symbol(),
    },
    hint: |r| r.hint(),
    input_error: |e| e.to_string(),
    adjustment: |a| a.to_string(),
    notice: |n| n.to_string(),
    data_older: |version, date, current| {
        format!("This was made with data version {version} of {date}; the page shows today's, {current}. Changed since, for what it shows:")
    },
    data_unknown: |version, current| {
        format!("Data version “{version}” is not one this page knows; it shows its own, {current}, and figures may differ from when it was made.")
    },
    assumption: |a| a.to_string(),
    range_ends: |a| a.range_ends(),
    your_input: |field| format!("your input ({})", field.to_ascii_lowercase()),
    your_paste: |input| format!("your paste ({})", in_sentence(input)),
    live: |label, value, kind| match value {
        Some(v) => format!("{label}: {v}, {kind}."),
        None => format!("{label}: not available."),
    },
    published_at: |id, watts| format!("{id} was published at {watts} W per card. "),
    use_instead: |id| format!("Use {id} instead of a range"),
    more_results: |n| if n == 1 { "1 more published result or pair".to_owned() } else { format!("{n} more published results and pairs") },
    cap_pair: |p: &CapPair| {
        format!(
            "{} × at {}: {} tokens/s ({}) against {} tokens/s at {} ({}): {} % {} throughput at the lower setting.",
            p.cards,
            p.low_setting,
            p.low_tps,
            p.low_id,
            p.high_tps,
            p.high_setting,
            p.high_id,
            p.percent,
            if p.less { "less" } else { "more" }
        )
    },
    share_warning: |fields| {
        format!("This link keeps the value the page cannot use in: {fields}. Whoever opens it sees the same message.")
    },
    copied_with: |fields| format!("Link copied, with the invalid value in: {fields}."),
    catalogue_line: |version, updated| format!(" · catalogue {version} ({updated})"),
    sheet_terms: |date, version| {
        let date = if date.is_empty() { String::new() } else { format!(" as of {date}") };
        format!("Non-binding estimate{date}, catalogue data {version}: ceilings and estimates from published figures, not an offer.")
    },
    sheet_from: |name, contact| match contact {
        Some(c) => format!("From {name} · {c}"),
        None => format!("From {name}"),
    },
    configuration: |servers, gpus, card, watts, throughput| {
        // "1 server", as the figures write a count of one.
        let word = if servers.trim() == "1" { "server" } else { "servers" };
        format!("{servers} {word} × {gpus} × {card} at {watts} W per card · {throughput}")
    },
    weights: |precision| format!("{precision} weights"),
    result_power: |power| match power {
        ResultPower::Stated(w) => format!("{} W", number(Lang::En, w)),
        ResultPower::Rated(w) => format!("{} W rated", number(Lang::En, w)),
        ResultPower::NotStated => "power not stated".to_owned(),
    },
    precision: |p| match (p, p.served()) {
        (crate::precision::Precision::Transformed { transformations, .. }, Some(w)) => {
            if transformations.contains("quantization") {
                format!("{w} weights, quantized")
            } else {
                format!("{w} weights, transformed")
            }
        }
        (_, Some(w)) => format!("{w} weights"),
        (_, None) => format!("started from {}; served format not stated", p.started_from()),
    },
    precision_cell: |p| p.served().unwrap_or_else(|| format!("{} → not stated", p.started_from())),
    own_throughput_words: |tps| format!("own throughput {tps} output tokens/s per server"),
    arch_name,
    own_size_words,
    own_model_words,
    own_proxy,
    plan_title: "Plan a deployment",
    plan_intro: "Every field is optional; the figures use the configuration above.",
    plan_print: "Plan: ",
    own_legend: "Your model",
    own_hint: "The model you plan to run: a name, a link to its model card, or where its details are (a sheet, an e-mail, an export). Printed on the sheet and kept in the link; the figures stay a published benchmark's.",
    arch_unset: "not given",
    own_size_moe: "for MoE, the active ones",
    legend_demand: "Demand and load",
    legend_site: "Server and site",
    legend_price: "Price and carbon",
    legend_electrics: "Electrics",
    phase_one: "1 phase",
    phase_three: "3 phases (voltage line to line)",
    scope_label: "Scope: ",
    idle_hint: "0 to the power limit per card",
    word_ceiling: "Ceiling",
    word_measured: "Measured",
    word_estimate: "Estimate",
    need_server: "a valid card, cards per server and power limit",
    need_servers: "valid servers",
    need_site: "valid servers, load, idle, overhead and PUE",
    need_site_token: "a valid throughput, load, idle, overhead and PUE",
    need_demand: "output tokens per day and a valid throughput",
    need_price: "an electricity price",
    need_co2: "a grid carbon intensity",
    need_answer: "output tokens per answer",
    need_volts: "a supply voltage",
    need_rack: "a rack position budget",
    scope_throughput: "throughput per server",
    p_site_power: "Site power",
    p_site_day: "Site energy per day",
    p_site_year: "Site energy per year",
    p_site_token: "Site energy per output token",
    p_cost_year: "Electricity cost per year",
    p_cost_mtok: "Electricity cost per million output tokens",
    p_co2_year: "Emissions per year",
    p_co2_mtok: "Emissions per million output tokens",
    p_answer: "Site energy per answer",
    p_heat: "IT heat at peak in BTU/h",
    p_cooling: "Cooling for the IT load",
    p_busy_load: "Load of the servers in the busy hours",
    p_streams: "People generating at once per server, at most",
    p_rack_positions: "Rack positions needed",
    need_users: "people generating at once and a Server or Interactive result",
    need_positions: "a rack position budget and a demand or people at once",
    legend_people: "People at a speed",
    more_intro: "More figures with ",
    method_formulas: "Formulas, method and how to cite",
    same_as_token: "The same assumptions as energy per output token, above.",
    glossary_title: "Terms",
    g_tgp: "TGP",
    g_tgp_dd: "Total graphics power: the board power a card is rated for, as its maker or an MLPerf submitter states it (\"H200 TGP 600W\"); the top of a ceiling's division.",
    g_precision: "FP16, FP8, FP4 weights",
    g_precision_dd: "The number format of the model's weights in a result. Fewer bits usually mean more tokens per second on the same card, so results at different precisions are not like for like.",
    g_closed: "Closed, Available",
    g_closed_dd: "MLPerf's Closed division runs the reference model under common rules and accuracy targets; Available means the system can be bought or rented when the results are published.",
    g_pue: "PUE",
    g_pue_dd: "Power usage effectiveness: a data centre's total energy divided by its IT equipment's; 1 means no cooling or distribution overhead.",
    g_pf: "Power factor",
    g_pf_dd: "Real power over apparent power: current = W ÷ (V × power factor), so a lower factor draws more current for the same watts.",
    g_line: "Line-to-line voltage",
    g_line_dd: "On a three-phase supply, the voltage between two phase conductors (400 V in much of Europe); current per phase = W ÷ (√3 × V × power factor).",
    g_enefg: "EnEfG",
    g_enefg_dd: "Germany's Energy Efficiency Act (Energieeffizienzgesetz); its § 11 sets PUE limits for data centres.",
    plan_chart_summary: "Site J/token and kWh per day against the average load",
    answer_hint_invalid: "The answer waits for valid values in the fields with a message, in the configuration or under ",
    answer_hint_before: "For servers, energy, cost and CO₂ per year, type ",
    answer_hint_demand: "output tokens per day",
    answer_hint_or: " or ",
    answer_hint_users: "people generating at once",
    answer_hint_after: " under Plan a deployment.",
    answer_sources_label: "Where these come from",
    answer_sources: "Sources and assumptions of the plan ↓",
    more_and: " and ",
    more_demand: "output tokens per day (servers, load and the energy for the demand)",
    more_price: "an electricity price (cost)",
    more_co2: "a grid carbon intensity (emissions)",
    more_rack: "a rack position budget (rack fit)",
    more_volts: "a supply voltage (current per phase)",
    more_answer: "tokens per answer (energy per answer)",
    eu_words: "“operators of data centres with an installed information technology power demand of at least 500 kW” report to the European database (Commission Delegated Regulation (EU) 2024/1364, Art. 1)",
    eu_legal: ". Whether the regulation applies to a site is a legal assessment, not this page's. ",
    eu_none: "EU reporting threshold: — (needs valid servers).",
    chart_load: "average load",
    chart_key_j: "━ site J/token (left)",
    chart_key_kwh: "┅ kWh per day (right)",
    plan_empty: |default| default.map_or_else(|| "optional".to_owned(), |d| format!("empty: {d}")),
    refs_label: |field| format!("Reference values for {}", field.to_ascii_lowercase()),
    use_value: |value| format!("Use {value}"),
    scope_server: |watts| watts.map_or_else(|| "server (no overhead entered)".to_owned(), |w| format!("server (+{w} W overhead)")),
    scope_site: |pue| pue.map_or_else(|| "site (PUE 1: none counted)".to_owned(), |p| format!("site (PUE {p})")),
    plan_scope: |server, site| match (server, site) {
        (false, false) => "GPU boards",
        (true, false) => "GPU boards + server",
        (false, true) => "GPU boards + site",
        (true, true) => "GPU boards + server + site",
    },
    needs: |what| format!("Needs {what}."),
    eu_reports: |kwh| {
        let own = kwh.map_or_else(String::new, |k| format!(" This plan's energy, {k} a year, is the kind of figure reported."));
        format!(
            "What is reported: every year, to the European database on data centres (directly or through a national reporting scheme), among other indicators the energy consumption of the data centre and of its IT equipment in kWh.{own}"
        )
    },
    eu: |reached, kw| {
        if reached {
            format!("EU reporting threshold reached: {kw} kW of IT power at the cards' limits is at least 500 kW. ")
        } else {
            format!("Below the EU reporting threshold: {kw} kW of IT power at the cards' limits is under 500 kW. ")
        }
    },
    plan_notice,
    sources_summary: |n| if n == 1 { "1 source".to_owned() } else { format!("{n} sources") },
    answer_rack_fit: |n, boards_only| if boards_only {
        format!("GPU boards only: at most {n} per position; add the server's own draw")
    } else {
        format!("at most {n} {} per position", if n == "1" { "server" } else { "servers" })
    },
    refs_summary: |n| if n == 1 { "1 published reference value".to_owned() } else { format!("{n} published reference values") },
    with_basis: |label, basis| match basis {
        EnergyBasis::Demand => format!("{label}, for the demand"),
        EnergyBasis::Load => format!("{label}, at the average load"),
        EnergyBasis::Limit => format!("{label}, every card at its limit all day"),
    },
    rack_boards_only: |n| format!("GPU boards only: at most {n}; add the server's own draw (System overhead) to count whole servers."),
    water_parts: |on, off| format!("On site {on} L, generating the electricity {off} L: water consumed (evaporated), not the water withdrawn that the EU's WUE counts."),
    embodied_unpublished: |card| format!("Manufacturing footprint: not published for the {card}."),
    noun_label: |label, noun| {
        use super::NounLabel as L;
        use crate::system::Noun as N;
        match (label, noun) {
            (L::Needed, N::Server) => "Servers needed for the demand",
            (L::Needed, N::Rack) => "Racks needed for the demand",
            (L::Needed, N::System) => "Systems needed for the demand",
            (L::Peak, N::Server) => "Peak power per server",
            (L::Peak, N::Rack) => "Peak power per rack",
            (L::Peak, N::System) => "Peak power per system",
            (L::ItPower, N::Server) => "IT power, all servers",
            (L::ItPower, N::Rack) => "IT power, all racks",
            (L::ItPower, N::System) => "IT power, all systems",
            (L::Amps, N::System) => "Current per phase, one server or rack at peak",
            (L::Amps, N::Rack) => "Current per phase, one rack at peak",
            (L::Amps, _) => "Current per phase, one server at peak",
            (L::PerPosition, N::System) => "Servers or racks per rack position",
            (L::PerPosition, N::Rack) => "Racks per rack position",
            (L::PerPosition, _) => "Servers per rack position",
            (L::OneMore, N::Rack) => "Power limit per card for one rack to fit",
            (L::OneMore, _) => "Power limit per card for one more server",
            (L::Board, N::Server) => "Board power per server",
            (L::Board, N::Rack) => "Board power per rack",
            (L::Board, N::System) => "Board power per system",
            (L::Day, N::Server) => "Energy per day, all servers",
            (L::Day, N::Rack) => "Energy per day, all racks",
            (L::Day, N::System) => "Energy per day, all systems",
            (L::Heat, N::Server) => "Heat, all servers",
            (L::Heat, N::Rack) => "Heat, all racks",
            (L::Heat, N::System) => "Heat, all systems",
            (L::BusyLoad, N::Server) => "Load of the servers in the busy hours",
            (L::BusyLoad, N::Rack) => "Load of the racks in the busy hours",
            (L::BusyLoad, N::System) => "Load of the systems in the busy hours",
            (L::Throughput, N::Server) => "throughput per server",
            (L::Throughput, N::Rack) => "throughput per rack",
            (L::Throughput, N::System) => "throughput per system",
            (L::PartPeak, N::Rack) => "Peak power per rack of the system",
            (L::PartPeak, _) => "Peak power per server of the system",
        }
    },
    scope_system: |site| if site { "whole system + site" } else { "whole system" },
    system_line,
    sign_off,
    // issue 48
    grid_cooling: "Cooling",
    cooling_kind: |c| match c {
        crate::compare::Cooling::Air => "air",
        crate::compare::Cooling::Liquid => "liquid",
        crate::compare::Cooling::Hybrid => "liquid for GPUs and processors, air for the rest",
        crate::compare::Cooling::NotPublished => "not published",
    },
    grid_it_heat: "IT heat at peak, all systems (BTU/h)",
    overhead_unpublished: "Not published for this server; read it with ",
    overhead_unpublished_after: ", less the GPUs' power.draw.",
    chart_label: |j, kwh| format!("Site J/token (up to {j} at 10 % load) and kWh per day (up to {kwh}) against load from 10 to 100 %."),
    table_hint: "Ceiling rows: the cards' power setting ÷ the published throughput, GPU boards only. Measured rows: MLPerf Power's mean power of the whole server at the wall ÷ the same throughput. ",
    table_choose: " Choose a row to load its configuration.",
    table_about: "What the rows are",
    col_result: "Result",
    col_card: "Card × count",
    col_precision: "Precision",
    col_power: "Power",
    col_wh: "Wh per million tokens",
    col_kind: "Kind",
    note_mean: "mean, whole node",
    note_stated: "stated setting",
    note_rated: "rated maximum",
    your_configuration: " ◀ your configuration",
    mlcommons_page: "MLCommons page",
    all_scenarios: "All scenarios",
    all_cards: "All cards",
    all_vendors: "All vendors",
    filter_vendor: "Vendor",
    filter_size: "System size",
    all_sizes: "Every size",
    size_server: "One server",
    size_nodes: "Several nodes",
    size_rack: "Whole racks (NVL72)",
    system_layout: |nodes, per_node, total, racks| {
        let racks = match racks {
            Some((1, name)) => format!(", one {name} rack"),
            Some((n, name)) => format!(", {n} {name} racks"),
            None => String::new(),
        };
        format!("{nodes} nodes × {per_node} = {total} GPUs{racks}")
    },
    table_title: |name, accuracy| format!("Published results, {name}{}", accuracy.map(|a| format!(" ({a} accuracy target)")).unwrap_or_default()),
    load_row: |id, scenario| format!("Load {id} {scenario} into the calculator"),
    rows_count: |shown, total| format!("{shown} of {total} rows"),
    show_all: |total| format!("Show all {total}"),
    decimal: |text| text.to_owned(),
    fact_max: "Rated maximum",
    fact_min: "Minimum limit",
    fact_memory: "Memory",
    fact_unpublished: "not published",
    fact_measured: "Measured energy",
    method_title: "How this is calculated",
    m_board_dd: "cards per server × power limit per card (W)",
    m_token_dd: "board power (W) ÷ output tokens per second = joules per token",
    m_million: "Per million tokens",
    m_million_dd: "J/token × 1,000,000 ÷ 3,600 = Wh per million tokens (1 J/token ≈ 277.8 Wh)",
    m_day: "Energy per day",
    m_day_dd: "board power × servers × 24 h: every card at its limit around the clock, busy or idle",
    m_heat: "Heat",
    m_heat_dd: "all of that power ends as heat: 1 W = 3.412141633 BTU/h",
    m_kinds: "Kinds of figure",
    m_ceiling_dd: ": an upper bound computed from the power limit, not a measurement. The cards may well have drawn less. It counts the GPU boards alone: processors, memory, fans, power-supply losses and cooling come on top. It holds only at the power setting the throughput was published for.",
    m_measured_dd: ": a figure someone metered, with its scope. MLPerf Power meters the whole node, AC at the wall, during the benchmark's measured window.",
    m_estimate_dd: ": a figure that rests on an assumption this page names beside it, such as a throughput scaled to another card count or used at a power limit it was not published for.",
    m_why: "Why a ceiling overstates, and what moves the real figure",
    m_overestimate: "A card seldom draws its rated power at every moment, so energy estimated from rated power nearly always comes out too high: the ML.ENERGY team's point, and the reason it measures. A ceiling here is such an upper bound, never a measurement.",
    m_batch: "Batch size and utilisation: while generating, each step reads a dense model's weights once for the whole batch, so more requests at once spread much the same board power over more tokens. Energy per token falls as concurrency rises and levels off as the GPU nears saturation; ML.ENERGY measured differences of 3 to 5 times from GPU utilisation alone. Idle hours count too: a lightly used server's energy per token is far above a busy one's.",
    m_prompt: "Prompt length: every figure here is per output token. Long prompts (retrieval, RAG) add prefill energy that a figure per output token hides; Measure your own reports the prompt tokens beside the output tokens, so both can be read together.",
    m_same_load: "Compare only at the same load: keep tokens/s per user (tokens/s ÷ concurrency) beside every result, and the power limit.",
    m_cite_title: "How to cite",
    ctx_title: "Measured elsewhere, for context",
    ctx_hint: "GPU energy metered by researchers on another card and model: not comparable one to one with the ceilings above, but a sense of what cards really draw.",
    sources_title: "Sources",
    imprint: "Imprint",
    privacy: "Privacy policy",
    legal_label: "About the host",
    offline_copy_title: "Offline copy",
    trademark_own: "Results cited here were verified by MLCommons Association; the energy figures derived from them are this page's calculation, not MLPerf metrics.",
    per_response: |j| format!(", {j} J per response"),
    no_measurement: |v| format!("No measurement is published for this card (as of data version {v})."),
    round_gap: |newest, date, rounds| format!("MLPerf Inference {newest} ({date}) publishes no LLM result for this card; its newest here are from {rounds}."),
    method_version: |m, v, u| format!("Method version {m} · data version {v} ({u})"),
    method_cite: |m, v, u| format!("token-energy, energy per LLM output token from published throughput and power limits, method version {m}, data version {v} ({u}), with the link to the configuration cited."),
    data_version: |version, updated| format!("Catalogue version {version} · last updated {updated}"),
    source_read: |iso| format!("read {}", super::catalogue_date(iso, Lang::En)),
    card_name: |card| super::card_name(card, Lang::En),
    source_entry: |source| super::source_entry(source, Lang::En),
    offline_copy: |date, version| {
        format!("The network could not be reached: this is the copy of the page this browser kept on {date}, with data version {version}. A newer version may have been published since.")
    },
    charts_title: "Charts",
    bar_caption: "Bars: GPU-board ceilings at each result's own setting. ◆: MLPerf Power, whole server at the wall. ◀ your configuration, ◇ compared ones.",
    limit_title: "J/token ceiling against the power limit per card",
    w_per_card: "W per card",
    limit_caption: "Band: the range a limit gives, from the result's throughput held at every limit (line) to throughput in proportion to power (its own ceiling). ●: its own setting. ■: published results at a lowered setting. Dashed region: nothing is published there.",
    bar_measured: |j| format!(", measured whole server {j}"),
    bar_title: |benchmark, scenario| format!("GPU-board ceilings in J/token, {benchmark} {scenario}"),
    bar_more: |n| format!(" {n} more results are in the table below."),
    limit_unknown: |w| format!("Unknown: nothing published below {w} W"),
    limit_unpublished: |w| format!("Nothing is published for this card below {w} W: the range's two ends are arithmetic only, and the card may refuse this limit. nvidia-smi -q -d POWER shows your card's Min Power Limit."),
    limit_above_mode: |mode, w| format!("In its {mode} the card reports a maximum of {w} W and refuses this limit."),
    enforced_limit: |enforced, typed, agree| match (typed, agree) {
        (Some(t), true) => format!("The pasted text reports an enforced limit of {enforced} W per GPU, as typed ({t} W)."),
        (Some(t), false) => format!("The pasted text reports an enforced limit of {enforced} W per GPU, not the {t} W typed for this run: the driver enforced another limit (set again after a reboot or a driver reload?)."),
        (None, _) => format!("The pasted text reports an enforced limit of {enforced} W per GPU; type the run's power limit to compare."),
    },
    limit_held: |j0, w0, j1, w1| format!("Throughput unchanged: {j0} J/token at {w0} W to {j1} J/token at {w1} W"),
    compare_title: "Compare configurations",
    compare_name_label: "Name for the configuration above",
    compare_add: "Add to comparison",
    remove: "Remove",
    differences_against: "Differences against",
    best_hint: "★ only on figures per unit of work: energy per token or per answer, and per year where every configuration is sized for the same demand; never on a power, a day at the limit or a throughput (lowest or highest for whatever does the least or the most work), never between ranges that overlap or figures of different kinds. Where every value is a ceiling it reads \"lowest ceiling\": a bound from rated power, not a measured efficiency.",
    lang_id: "en",
    q_opening: "Indicative energy estimate for GPU servers (token-energy)",
    q_model: "Model",
    q_own_model: "Your model",
    q_customer: "Customer",
    q_reference: "Reference",
    q_link: "Link",
    q_subject: "Quote request: GPU servers (token-energy)",
    mail_subject: "GPU servers: indicative energy estimate (token-energy)",
    summary_label: "Summary to copy, with the link",
    email_config: "Email this configuration",
    copy_summary: "Copy a summary",
    summary_copied: "Summary copied.",
    handoff_title: "Send it on",
    handoff_hint: "An e-mail to whoever you choose, or a summary to paste: the configuration(s), their figures with their kinds, and the link. Nothing is sent until you do.",
    notes_assumes: "Assumes: ",
    notes_sources: "Sources: ",
    bar_idle: |span| format!("Idle {span} W per card, read on other servers: measure yours"),
    mail_idle: "Idle power: from other servers' readings. Measure yours, model loaded, no requests:",
    mail_wall: "at the wall:",
    notes_all_assume: "Every configuration assumes: ",
    notes_all_sources: "Sources of every configuration: ",
    download_csv: "Download CSV",
    download_json: "Download JSON",
    compare_clear: "Clear the comparison",
    compare_open: "Open a comparison (a JSON file this page downloaded)",
    download_refused: "This browser did not allow the download.",
    grid_label: "Compared configurations, figure by figure",
    col_figure: "Figure",
    baseline_mark: "baseline",
    best_mark: "★ best",
    best_ceiling_mark: "★ lowest ceiling",
    mismatch_intro: "These configurations do not stand for the same work, so their differences are not the hardware's alone:",
    throughput_row: "Output tokens/s per server",
    compare_hint: |count, max| format!("Up to {max}, kept in this browser and in the link. {count} of {max}."),
    name_of: |n| format!("Name of compared configuration {n}"),
    move_up: |name| format!("Move {name} up"),
    move_down: |name| format!("Move {name} down"),
    remove_named: |name| format!("Remove {name}"),
    delta: |percent| format!("{percent} % against the baseline"),
    idle_sourced: |w| format!("Idle {w} W per card, a posted reading:"),
    standing_part: |kwh, share| format!("Standing {kwh} ({share} %)"),
    work_part: |kwh| format!("work {kwh}"),
    box_unit: |field, currency| {
        match field {
            Field::Demand => "tokens/day",
            Field::Hours => "h/day",
            Field::Load => "%",
            Field::Answer => "tokens",
            Field::Users => "people",
            Field::Speed => "tokens/s",
            Field::Idle | Field::Overhead => "W",
            Field::Price => return format!("{currency}/kWh"),
            Field::Co2 => "g CO₂e/kWh",
            Field::Volts => "V",
            Field::Rack => "kW",
            Field::Breaker => "A",
            Field::Derate => "%",
            Field::Wue | Field::Water => "L/kWh",
            Field::Life => "years",
            _ => "",
        }
        .to_owned()
    },
    delta_ends: |low, high| format!("{low} % at the lower ends, {high} % at the upper ends, against the baseline"),
    plan_differs: |names| {
        format!(
            "Each configuration keeps the plan it was added with. {} answer another plan than the one on the page (demand, hours, overhead, PUE, price or rack), so their plan rows are not the page's.",
            names.join("; ")
        )
    },
    compare_error: |e| e.to_string(),
    not_a_comparison: |why| format!("This file is not a token-energy comparison: {why}."),
    compare_default_name: |f| {
        let count = f.gpus.map_or_else(|| "—".to_owned(), |g| g.to_string());
        // issue 52: the vendor's system leads the name.
        let lead = f.system.as_ref().map_or_else(String::new, |s| format!("{s} · "));
        lead + &match (&f.result, f.own_tps) {
            (Some(id), _) if f.preview => format!("{count} × {} · {id} ({}) · {}", f.card, EN.preview_mark, Scenario::label(f.scenario)),
            (Some(id), _) => format!("{count} × {} · {id} · {}", f.card, Scenario::label(f.scenario)),
            (None, Some(tps)) => format!("{count} × {} · own {} tokens/s", f.card, number(Lang::En, tps)),
            (None, None) => format!("{count} × {}", f.card),
        }
    },
    compare_subtitle: |f| {
        let n = |v: Option<u32>| v.map_or_else(|| "—".to_owned(), |v| v.to_string());
        let servers = match f.servers {
            Some(1) => "1 server".to_owned(),
            s => format!("{} servers", n(s)),
        };
        let mut parts = vec![format!("{} × {} × {servers}", n(f.gpus), f.card)];
        match (&f.result, f.own_tps) {
            (Some(id), _) if f.preview => parts.push(format!("MLPerf {id} ({}) · {}", EN.preview_mark, Scenario::label(f.scenario))),
            (Some(id), _) => parts.push(format!("MLPerf {id} · {}", Scenario::label(f.scenario))),
            (None, Some(tps)) => parts.push(format!("own {} tokens/s", number(Lang::En, tps))),
            (None, None) => {}
        }
        let accuracy = f.benchmark.accuracy().map(|a| format!(" ({a})")).unwrap_or_default();
        parts.push(format!("{}{accuracy}", f.benchmark.name()));
        match (&f.precision, &f.started_from) {
            (Some(p), _) => parts.push(format!("{p} weights")),
            (None, Some(s)) => parts.push(format!("started from {s} weights")),
            (None, None) => {}
        }
        if let Some(w) = f.watts {
            let limit = format!("{} W per card", number(Lang::En, w));
            parts.push(match f.setting.filter(|_| !f.at_setting()) {
                Some(s) => format!("{limit} (published at {} W)", number(Lang::En, s)),
                None => limit,
            });
        }
        parts.join(" · ")
    },
    mismatch: |m| match m {
        Mismatch::Benchmark => "the benchmarks (models) differ;",
        Mismatch::Scenario => "the scenarios differ: Offline has no latency bound, Server and Interactive each have their own;",
        Mismatch::Precision => "the published precisions of the weights differ;",
        Mismatch::Limit => "some run at their result's own power setting, others at another limit (a range);",
        Mismatch::Load => "the average loads differ;",
        Mismatch::Demand => "the daily demands differ (or only some have one).",
        Mismatch::Boundary => "the peaks count different boundaries: some the whole system (its own draw included), others the GPU boards alone or with a typed overhead;",
    },
    mail_value: |value, low, unit, tag| match low {
        Some(low) => format!("{low} to {value} {unit} ({tag})"),
        None => format!("{value} {unit} ({tag})"),
    },
    q_precision: |published, served, started| match (published, served, started) {
        (_, Some(w), _) => format!("Precision: {w} weights, as published"),
        (_, None, Some(s)) => format!("Precision: started from {s} weights; the format served is not stated"),
        (true, None, None) => "Precision: not published".to_owned(),
        (false, None, None) => "Precision: not stated (your own throughput)".to_owned(),
    },
    mail_too_long: |max| format!("Mail programs cut off an e-mail link longer than {max} characters: the e-mail opens without the link. Copy the summary, link included, into it."),
    imported: |n, customer, reference, file, page| {
        let mut out = match n {
            1 => "Restored 1 configuration".to_owned(),
            n => format!("Restored {n} configurations"),
        };
        if !customer.is_empty() {
            out.push_str(&format!(", customer {customer}"));
        }
        if !reference.is_empty() {
            out.push_str(&format!(", reference {reference}"));
        }
        match file {
            Some(v) if v != page => out.push_str(&format!(", data {v}; this page has data {page}, so its figures are today's.")),
            Some(v) => out.push_str(&format!(", data {v}.")),
            None => out.push_str(&format!("; the file names no data version, the figures are this page's ({page}).")),
        }
        out
    },

    measure_privacy: "Nothing you paste or pick leaves this browser: the arithmetic runs on this page, and the link holds no pasted text.",
    measure_intro: "Take DCGM's energy counter and the serving engine's token counters just before and just after a steady run, and paste each snapshot in its box (or pick the saved file).",
    energy_example: "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{gpu=\"0\",UUID=\"GPU-…\",modelName=\"NVIDIA H100 80GB HBM3\"} 319159391\nor dcgmi dmon -e 155,156:\n#Entity  POWER  TOTEC\nID       W      mJ\nGPU 0    512.3  319159391",
    tokens_example: "vllm:generation_tokens_total{engine=\"0\",model_name=\"…\"} 27453.0\nvllm:prompt_tokens_total{engine=\"0\",model_name=\"…\"} 90210.0\n(or sglang:…, tgi_request_generated_tokens_sum)",
    series_example: "nvidia-smi --query-gpu=timestamp,index,power.draw --format=csv -l 1:\ntimestamp, index, power.draw [W]\n2026/07/14 08:12:53.353, 0, 631.95 W\n…\nor nvidia-smi dmon:\n# gpu    pwr  gtemp …\n    0    631     63 …",
    hint_duration: "Optional: gives tokens/s and average board power per GPU.",
    hint_idle: "Optional, with the duration: energy per token above idle.",
    hint_wall: "Optional: a BMC or metered-PDU reading over the same window gives a whole-node figure.",
    hint_concurrency: "Optional, for the chart: requests in flight during the run.",
    hint_run_limit: "Optional: the limit the GPUs ran at. The comparisons above use it (else the calculator's), and the chart.",
    node_note: "Your wall reading (BMC or metered PDU) over the run ÷ the generated tokens: the whole node, AC.",
    gpu_note: "Σ of the GPUs' energy-counter differences ÷ generated tokens: GPU boards only, without processors, fans or power supplies.",
    own_token: "Your energy per output token",
    own_gpu_energy: "GPU energy over the run",
    own_output: "Output tokens generated",
    own_prompt: "Prompt tokens processed",
    prompt_note: "Shown beside, as the method asks: J/token divides by output tokens only, so long prompts' prefill energy sits inside it unseen.",
    own_tps: "Output tokens per second",
    tps_note: "Generated tokens ÷ the run's duration.",
    own_power: "Average board power per GPU",
    power_note: "GPU energy ÷ duration ÷ GPUs.",
    own_above_idle: "Energy per token above idle",
    above_idle_note: "(GPU energy − idle power × GPUs × duration) ÷ generated tokens.",
    own_node: "Whole node energy per token",
    keep_run: "Keep this run",
    per_gpu: "Per GPU",
    col_energy_j: "Energy (J)",
    col_share: "Share",
    col_avg_power: "Average power (W)",
    kept_runs: "Kept runs",
    col_concurrency: "Concurrency",
    col_limit_w: "Power limit (W)",
    col_per_user: "Tokens/s per user",
    kind_measured_count: "Measured · counted by the serving engine",
    col_run_card: "Card",
    col_gpus: "GPUs measured",
    col_model: "Model",
    col_date: "Kept on",
    col_ceiling: "Ceiling at its throughput (J/token)",
    chart_against: "Chart against: ",
    axis_concurrency: "concurrency",
    axis_limit: "power limit",
    clear_runs: "Clear runs",
    logs_title: "MLPerf Power logs",
    logs_hint: "The node's power as MLCommons reports it: the mean of the analyser's samples between LoadGen's power_begin and power_end, not the whole file's average (which includes idle time around the run).",
    window_power: "Mean node power in the window",
    window_power_note: "The whole node at the wall (AC), metered by the power analyser during LoadGen's measured window.",
    window_token: "Node energy per output token",
    window_token_note: "The window's mean power ÷ the run's output tokens per second from the detail log.",
    pick_file: "or pick a file ",
    more_digits: "One digit more",
    // Issue 25: power samples, MIG rows, the two comparisons.
    series_token_note: "The GPUs' power samples integrated over the run ÷ generated tokens: GPU boards only, without processors, fans or power supplies.",
    tps_series_note: "Generated tokens ÷ the power series' span, first to last complete sample (no duration typed).",
    hint_interval: "Only for a series without times (nvidia-smi dmon, dcgmi dmon): the seconds between its polls; blank is 1 s, dmon's default.",
    gpu_row_first_last: "The counter's last poll less its first.",
    measure_input,
    measure_problem: |p| p.to_string(),
    counter_note: |tool| format!("From {tool}'s energy counter (field 156, mJ)."),
    engine_note: |engine| format!("{engine}'s generated-token counter, summed over its series."),
    versus_ceiling: |pct, ceiling, range, other, timed| format!(
        "{}Your measurement is {pct} % of the ceiling ({ceiling} J/token for the card and limit configured below{}). {}",
        other.map_or_else(String::new, |b| format!("Not like with like: the ceiling is {b}'s, another model than your counters name. ")),
        if range { ", the upper end of its range" } else { "" },
        if timed {
            "That ceiling holds only at the calculator's throughput: a run with fewer tokens per second per GPU can exceed it."
        } else {
            "Without the run's duration its throughput is unknown, and that ceiling holds only at the calculator's throughput: a run with fewer tokens per second per GPU can exceed it. Type the duration to compare at your run's own throughput."
        }
    ),
    versus_limit: |pct, watts, from| format!(
        "Average board power is {pct} % of the {watts} W limit per card ({}).",
        match from {
            LimitFrom::Run => "the run's limit, as typed",
            LimitFrom::Calculator => "the calculator's limit; type the run's own limit below if it ran at another",
        }
    ),
    runs_against: |axis| format!("J/token against {axis}"),
    run_axis: |axis| match axis {
        Axis::Concurrency => "concurrency",
        Axis::PowerLimit => "power limit per GPU (W)",
    },
    run_point: |axis, at, j| format!("{} at {at}: {j} J/token", (EN.run_axis)(axis)),
    no_run_with: |axis| format!("No kept run has a {}: enter it before keeping a run.", (EN.run_axis)(axis)),
    runs_differ: |concurrency, limits| {
        let mut parts = Vec::new();
        if !concurrency.is_empty() {
            parts.push(format!("concurrency ({})", concurrency.join(", ")));
        }
        if !limits.is_empty() {
            parts.push(format!("power limit ({} W)", limits.join(", ")));
        }
        format!(
            "These runs differ in {}: a run with fewer users per GPU spreads the same power over fewer tokens. Compare J/token only at the same load, with tokens/s per user beside it.",
            parts.join(" and ")
        )
    },
    window_samples: |n, total, begin, end, scenario| format!("{n} samples of {total} in the file, from {begin} to {end}{scenario}."),
    // Issue 25: power samples, MIG rows, the two comparisons, missing boxes, picked files.
    series_note: |tool, samples, gaps, timed, interval, typed| format!(
        "From power samples ({tool}), not an energy counter: {samples} {} integrated with trapezoids, first to last complete sample; {gaps} {} found; {}.",
        if samples == 1 { "sample" } else { "samples" },
        if gaps == 1 { "gap" } else { "gaps" },
        match (timed, typed) {
            (true, _) => "the times are the series' own timestamps".to_owned(),
            (false, true) => format!("{interval} s between samples, as typed"),
            (false, false) => format!("{interval} s between samples, the default, since the series prints no time: type the interval if you ran it with -d or -l"),
        }
    ),
    gpu_row_mig: |series, spread| format!("{series} MIG series of this one GPU, counted once at the largest value (they differed by up to {spread} J: each was read at its own instant)."),
    gpu_row_own_window: |first, last, polls, seconds| format!("Listed only in polls {first} to {last} of {polls}: its energy is its own last poll less its first, over its own {seconds} s, and its average power divides by that window. The run's energy misses this GPU outside it."),
    gpu_row_samples: |samples, gaps| format!("From {samples} power {}; {gaps} {}.", if samples == 1 { "sample" } else { "samples" }, if gaps == 1 { "gap" } else { "gaps" }),
    missing_boxes: |boxes| {
        let list: Vec<String> = boxes.iter().map(|b| format!("“{b}”")).collect();
        format!("Still to paste: {}.", list.join("; "))
    },
    versus_own_ceiling: |pct, ceiling, gpus, watts, tps, from, above| format!(
        "At your run's own throughput: your measurement is {pct} % of the ceiling of {ceiling} J/token ({gpus} {} × {watts} W, {}, ÷ your {tps} tokens/s). {}",
        if gpus == 1 { "GPU" } else { "GPUs" },
        match from {
            LimitFrom::Run => "the run's limit",
            LimitFrom::Calculator => "the calculator's limit",
        },
        if above {
            "The cards cannot draw more than their limit, so a result above this ceiling means a field is wrong: see the warning."
        } else {
            "The cards cannot draw more than their limit, so a board measurement stays at or below this ceiling."
        }
    ),
    versus_published: |pct, ceiling, range, other, p| format!(
        "{}Against the published figure: {pct} % of the ceiling of {ceiling} J/token at the published {} tokens/s on {} {} (the card and limit configured below{}). Per GPU, your run made {} tokens/s ({} tokens/s on {} {}) against the published {}: {}. That ceiling holds only at the published throughput: at fewer tokens per second per GPU each token carries a larger share of the same power, so a measurement can exceed a ceiling taken at another throughput.",
        other.map_or_else(String::new, |b| format!("Not like with like: the ceiling is {b}'s, another model than your counters name. ")),
        p.published_total,
        p.published_cards,
        if p.published_cards == 1 { "GPU" } else { "GPUs" },
        if range { ", the upper end of its range" } else { "" },
        p.run,
        p.run_total,
        p.run_gpus,
        if p.run_gpus == 1 { "GPU" } else { "GPUs" },
        p.published,
        match p.pace {
            Pace::Faster => "more tokens per second per GPU than the published result",
            Pace::Slower => "fewer tokens per second per GPU than the published result",
            Pace::Same => "about as many tokens per second per GPU as the published result",
        }
    ),
    other_model: |pasted, benchmark| format!(
        "Another model: your token counters name {pasted}, while the calculator's ceilings are for {benchmark}, the benchmark configured below. A percentage across two models is not like with like."
    ),
    model_proxy: |own, benchmark| format!(
        "For your model ({own}) the calculator names {benchmark} as its proxy, the closest benchmark by size and kind: choose one of its results below to compare with it."
    ),
    use_model: |name| format!("Take {name} as your model in the calculator"),
    above_limit: |watts, pct, limit, suspects, card| {
        let words: Vec<String> = suspects
            .iter()
            .map(|s| match s {
                Suspect::Duration { from_series: false } => "the run's duration (too short?)".to_owned(),
                Suspect::Duration { from_series: true } => "the seconds between polls (the series' duration comes from them)".to_owned(),
                Suspect::Gpus(n) => format!("the GPUs pasted ({n}: every GPU that served the run, and only those)"),
                Suspect::Limit(LimitFrom::Run) => "the power limit typed for the run".to_owned(),
                Suspect::Limit(LimitFrom::Calculator) => "the calculator's power limit (type the run's own limit below)".to_owned(),
                Suspect::Card => format!("the card configured below ({card}: are the GPUs another card?)"),
            })
            .collect();
        format!(
            "Not possible as measured: the GPUs averaged {watts} W each, {pct} % of the {limit} W limit, more than the readings' ±{} W accuracy allows. A board holds its limit, so a field is likely wrong: {}.",
            crate::float::shortest(crate::measure::versus::READING_ACCURACY_W),
            words.join("; ")
        )
    },
    your_file: |name, input| format!("your file {name} ({})", in_sentence(input)),
    amd_counter_note: |tool| format!("From {tool}'s energy counter (accumulated since the driver was loaded)."),
    other_card: |pasted, configured, listed| if listed {
        format!("The pasted GPUs report themselves as {pasted}, not the {configured} configured below: the ceilings compare another card.")
    } else {
        format!("The pasted GPUs report themselves as {pasted}, a name the catalogue does not list: check that the {configured} configured below is the same card, or the ceilings compare another one.")
    },
    use_card: |name| format!("Use {name} in the calculator"),
    counter_series_note: |tool, polls, interval, typed| format!(
        "From {tool}'s energy counter (field 156, mJ) polled over the run: the last of {polls} polls less the first; the duration at {interval} s between polls, {}.",
        if typed { "as typed" } else { "the default: type the interval if you ran it with -d" }
    ),
    qr_hint: "Sends the configuration(s), their figures with their kinds, and this link. Nothing is sent until you do.",
    qr_mail: "Request a quote by e-mail",
    qr_page: "Request a quote on the vendor's page ↗",
    qr_posted: "Sent to the page around this calculator.",
    qr_not_framed: "This page is not inside another page: nothing was sent there.",
    tag_ceiling: "ceiling",
    tag_estimate: "estimate",
    at_least: "at least",
    p_site_power_avg: "Site power, 24-hour average",
    p_site_busy: "Site power in the busy hours",
    p_plain_power: "Power drawn",
    p_plain_power_avg: "Power, 24-hour average",
    p_plain_busy: "Power in the busy hours",
    p_plain_day: "Energy per day",
    p_plain_year: "Energy per year",
    p_plain_token: "Energy per output token in this plan",
    p_plain_answer: "Energy per answer",
    p_tokens_per_mw_short: "Output tokens/s per MW:",
    circuits_summary: "Circuits: breaker, continuous-load rule, feeds",
    scope_circuit: "one circuit",
    water_summary: "Water and manufacturing: WUE, the electricity's water, lifetime",
    p_water_year: "Water consumed per year",
    p_water_onsite: "Water consumed on site per year",
    p_water_offsite: "Water consumed generating the electricity per year",
    p_embodied_year: "Manufacturing footprint of the GPUs per year",
    p_embodied_mtok: "Manufacturing footprint per million output tokens",
    scope_embodied: "GPU baseboards, made",
    more_water: "an on-site WUE and the electricity's water (water per year)",
    eu_kpis_caption: "What the regulation asks operators to report, with this plan's figures where it has them",
    eu_edc: "Total energy consumption (EDC)",
    eu_eit: "Energy of the IT equipment (EIT)",
    eu_pue: "PUE = EDC ÷ EIT",
    eu_win: "Total water input (WIN); here: water consumed on site",
    eu_wue: "WUE = WIN ÷ EIT",
    eu_erf: "Energy reuse factor (ERF)",
    eu_ref: "Renewable energy factor (REF)",
    eu_operator: "the operator's to report",
    to_answer: "↑ Back to the answer",
    p_tokens_per_mw: "Output tokens/s per MW of GPU boards",
    p_system_tokens_per_mw: "Output tokens/s per MW of the system at peak",
    p_site_tokens_per_mw: "Output tokens/s per MW at the site, with its PUE",
    p_circuit_kw: "Usable power of one circuit",
    p_circuits_per_feed: "Circuits per feed, one rack position",
    p_feed_amps: "Current per phase on one feed, one rack position at peak",
    p_position_kva: "Apparent power of one rack position at peak",
    tpmw_note: "Tokens per MW: output tokens/s over the GPUs' rated power, the system's stated maximum, or that times the PUE; a floor, as those watts are ceilings. Not comparable with InferenceX's “per all-in utility MW”, which counts input and output tokens over a modelled all-in kW per GPU that changes between versions.",
    more_breaker: "a breaker rating (circuits per feed)",
    answer_demand_token: "Your energy per token",
    figure_token_benchmark: "The benchmark's ceiling at full throughput",
    plan_differs_title: "Their plans differ from the page's plan.",
    idle_replace: "Type your own",
    standing_title: "Standing power: every card at its idle power all day and the server's own draw, times the PUE, whatever the demand. Work: the energy the tokens take above it.",
    p_standing_year: "Standing power's energy per year",
    p_work_year: "The work's energy per year",
    idle_default_note: "Used while the idle field is empty: the plan's year then spans these readings. Your own reading replaces them.",
    idle_unpublished: "No idle power is published for this card, so the year stays a range. Measure it while the server holds the model and receives no requests:",
    sweep_summary: "Energy per token against the load",
    sweep_x: "load in the busy hours (log scale)",
    sweep_y: "site J/token, an estimate (log scale)",
    sweep_here: "your demand",
    plan_apply_all: "Use the page's plan for all",
    qr_title: |vendor| format!("Request a quote from {vendor}"),
    // issue 51
    token_bound: |j, tokens| match j {
        Some(j) => format!("At most {j} J/token: the counters that still read show at least {tokens} tokens generated during the run, and more tokens only lower the energy per token. The exact figure is not given (see the alert)."),
        None => format!("At least {tokens} tokens were generated during the run, from the counters that still read. The exact count is not given (see the alert)."),
    },
    new_series: |names| format!("Only in the snapshot after the run, so counted whole (started during it): {names}."),
    above_rating: |watts, card, rating| format!(
        "Not possible as measured: the GPUs averaged {watts} W each, while the {card} they report themselves as is rated for at most {rating} W, and the readings are accurate to ±{} W. Whatever card the calculator shows, a field is likely wrong: the run's duration, the GPUs pasted, or the card.",
        crate::float::shortest(crate::measure::versus::READING_ACCURACY_W)
    ),
    use_benchmark: |benchmark, pasted| format!("Compare with {benchmark}, the catalogue's benchmark for {pasted}"),
    not_in_catalogue: |name| format!("{name} (not in the catalogue)"),
    // issue 49
    mail_in_plan: "In this plan: ",
    bar_title_plan: "Energy per output token in each configuration's plan",
    bar_caption_plan: "Each compared configuration by its name: its energy per output token in its plan (the lighter part: the rest of its range), counted as the badge in the grid says.",
    bar_title_ceilings: "Ceilings in J/token at the benchmark's full throughput, GPU boards",
    bar_caption_ceilings: "Each compared configuration by its name: the GPU boards' ceiling at the benchmark's full throughput (the lighter part: the rest of its range). No plan is set, so nothing else is counted.",
    boards_only_name: |label| format!("{label}, GPU boards only"),
    mail_plan_tag: |tag| format!("Each line “In this plan”: {tag}."),
    mail_unfit: |max| format!("Even the short e-mail is longer than {max} characters, and mail programs may cut it off. Copy the summary into your e-mail instead."),
    // issue 50
    preview_mark: "preview — not yet available",
    result_filter_label: "Find a result",
    result_filter_hint: "Type a submitter or a system name to narrow the list.",
    round_group: |round| format!("MLPerf Inference {round}"),
    result_filter_count: |found, all| match (found, all) {
        (f, a) if f == a => format!("All {a} results listed."),
        (0, a) => format!("None of the {a} results matches; the chosen one stays listed."),
        (1, a) => format!("1 of {a} results matches."),
        (f, a) => format!("{f} of {a} results match."),
    },
    // issue 53
    qr_post: |host| format!("Send the quote request to {host}"),
    co2_take: |grams| format!("Use {grams} g CO₂e/kWh"),
    co2_resting: |typed| format!("from {typed} g CO₂e/kWh as typed: see the question at the field"),
    // issue 47
    idle_caveat: "The idle default comes from other machines' tables, and at a light load idle is most of the year. Measure yours, model loaded, no requests, a few minutes:",
    idle_caveat_wall: "the whole server at the wall:",
    sensitivity_title: "What decides this answer",
    narrow_idle: "Measure your own idle power",
    narrow_field: "Type your own value in the plan: the item becomes one figure.",
    narrow_curve: "Measure your server's power at your own load: it replaces both ends.",
    at_full_throughput: ", at full throughput",
    idle_span: |w| format!("Idle {w} W per card, posted readings + 50 W:"),
    sensitivity_input: |i| match i {
        crate::plan::SensitiveInput::Idle => "Idle power per card",
        crate::plan::SensitiveInput::Overhead => "The server's own draw",
        crate::plan::SensitiveInput::LoadCurve => "Power at your load: linear model or measured curve",
        crate::plan::SensitiveInput::Pue => "PUE of the site",
        crate::plan::SensitiveInput::Hours => "Busy hours a day",
    },
    sensitivity_item: |name, years, ends| format!("{name}: {years} a year over its sourced ends ({ends})"),
    sensitivity_typed: |name, year| format!("{name}: {year} a year, as typed"),
    sensitivity_none: |name| format!("{name}: no source gives it a spread; type your own value"),
    sensitivity_largest: |name, years| format!("The largest: {name}, {years} a year."),
    // issue 52
    vendor_systems: |vendor| format!("{vendor}'s systems"),
    vendor_system_none: "None: a card of the catalogue below",
    vendor_system_option: |name, gpus, card| format!("{name} ({gpus} × {card})"),
    vendor_idle: |watts, system| format!("Idle {watts} for the whole {system}, measured by its vendor, all year:"),
    vendor_submissions: |vendor| format!("{vendor}'s own submissions"),
    q_system: |name, source| format!("System: {name}, its figures as its vendor states them ({source})"),
    sensitivity_vendor: |system, watts, year| format!("Idle of the whole {system}: {watts}, as its vendor measured it: {year} a year"),
};

fn scenario_explanation(s: Scenario, bound: Option<crate::latency::Bound>) -> String {
    let ms = |v: f64| intl::plain(v, Lang::En);
    match (s, bound) {
        (Scenario::Offline, _) => {
            "batch work: every request is there at once, so only throughput counts; no latency bound".to_owned()
        }
        (Scenario::Server, Some(b)) => format!(
            "requests arrive at random; for this benchmark 99 % must see the first token within {} ms and each \
             further token within {} ms",
            ms(b.ttft_ms),
            ms(b.tpot_ms)
        ),
        (Scenario::Interactive, Some(b)) => format!(
            "a Server run with tighter bounds, the one for a chatbot: for this benchmark 99 % must see the first \
             token within {} ms and each further token within {} ms",
            ms(b.ttft_ms),
            ms(b.tpot_ms)
        ),
        (_, None) => "this benchmark has no such scenario".to_owned(),
    }
}

fn scenarios(list: &[Scenario]) -> String {
    list.iter().map(|s| s.label()).collect::<Vec<_>>().join(" or ")
}

// long: a table, one arm per `PlanNotice` variant, each its English sentence
fn plan_notice(n: &PlanNotice) -> String {
    let short = |v: f64| intl::short(v, Lang::En);
    match n {
        PlanNotice::LoadIgnored { typed_percent } => format!(
            "A demand is given, so the servers' load follows from it: the typed average load ({} %) is not used.",
            intl::plain(*typed_percent, Lang::En)
        ),
        PlanNotice::UsesMoreServers { typed, used } => format!(
            "The demand needs {used} servers, more than the {typed} in Servers: the plan's power, energy and cost use {used}."
        ),
        PlanNotice::SpeedTooHigh { speed, promised, scenario, enough } => {
            let then = if enough.is_empty() {
                "No scenario of this result promises that speed.".to_owned()
            } else {
                format!("This result's {} scenario promises enough.", scenarios(enough))
            };
            format!(
                "A {} result promises each person at least {} output tokens/s (MLPerf's time-per-token bound), less \
                 than the {} asked for, so it counts no servers for people. {then}",
                scenario.label(),
                short(*promised),
                short(*speed)
            )
        }
        PlanNotice::NoSpeedPromise { scenario: Some(scenario), enough } => {
            let then = if enough.is_empty() {
                "This result publishes no Server or Interactive scenario for the benchmark.".to_owned()
            } else {
                format!("Choose this result's {} scenario.", scenarios(enough))
            };
            format!(
                "An {} result promises no speed to a person waiting for an answer, so it counts no servers for people. {then}",
                scenario.label()
            )
        }
        PlanNotice::NoSpeedPromise { scenario: None, .. } => "Your own throughput carries no latency bound, so it counts \
            no servers for people: give output tokens per day instead, or choose a Server or Interactive result."
            .to_owned(),
        PlanNotice::NoStreamPerServer => "At this throughput one server does not keep even one person's stream within \
            the result's time-per-token bound."
            .to_owned(),
        PlanNotice::ServerOverRack { server_kw, rack_kw, rack_scale } => {
            let part = if *rack_scale { "One rack of this system" } else { "One server" };
            let then = if *rack_scale { "A rack-scale system's rack is not split: raise the budget." } else { "Raise the budget or lower the power limit." };
            format!(
                "{part} draws up to {} kW, {} kW over the rack position's {} kW: it does not fit. {then}",
                short(*server_kw),
                short(server_kw - rack_kw),
                short(*rack_kw)
            )
        }
        PlanNotice::OneMoreBelowMinimum { watts, min_watts } => format!(
            "One more server per position would need a power limit of {} W per card, below the card's lowest published \
             setting ({} W): no such limit can be set.",
            intl::plain(*watts, Lang::En),
            intl::plain(*min_watts, Lang::En)
        ),
        PlanNotice::Co2InKilograms { typed } => format!(
            "Did you mean {} g CO₂e/kWh ({} kg)? The grid intensity is in grams per kWh.",
            intl::plain(typed * 1000.0, Lang::En),
            intl::plain(*typed, Lang::En)
        ),
        PlanNotice::IdleDecides => "Idle power decides the yearly energy at a low load, and none is published for \
            this card: read it with the command below while the server holds the model and receives no requests, and \
            type it under Idle power per card for one estimate instead of this range."
            .to_owned(),        PlanNotice::OfflineNoBound { serving } => {
            let then = if serving.is_empty() {
                "The catalogue has no Server or Interactive result of this card for the benchmark.".to_owned()
            } else {
                let list: Vec<String> = serving.iter().map(|(id, s)| format!("{id} {}", s.label())).collect();
                format!("For people waiting for answers, size on {} of the same card.", list.join(" or "))
            };
            format!(
                "Offline has no latency bound: the servers counted here finish the day's tokens as a batch, with no \
                 promise of how fast anyone sees an answer. {then}"
            )
        }
        PlanNotice::BoundAtOwnSetting { limit_watts, setting_watts, tpot_ms } => format!(
            "People are counted with the result's bound of {} ms per token, which held at its own {} W per card. At \
             {} W tokens come slower and the bound may no longer hold: {}'s Server run, for one, held {} ms at the \
             99th percentile against its {} ms bound.",
            intl::plain(*tpot_ms, Lang::En),
            intl::plain(*setting_watts, Lang::En),
            intl::plain(*limit_watts, Lang::En),
            crate::latency::HEADROOM.result,
            intl::plain((crate::latency::HEADROOM.tpot_p99_ms * 10.0).round() / 10.0, Lang::En),
            intl::plain(crate::latency::HEADROOM.bound_ms, Lang::En),
        ),
        // issue 48
        PlanNotice::PeakAboveStated { peak_watts, max_watts, system, comparable } => {
            let whose = if *comparable { format!("{system}, a comparable system,") } else { system.clone() };
            format!(
                "With the overhead you typed, the peak is {} kW per server, above the {} kW {whose} states as its \
                 maximum: check the overhead.",
                short(peak_watts / 1000.0),
                short(max_watts / 1000.0)
            )
        }
        PlanNotice::BusyHigh { percent, headroom } => {
            let now = if *headroom > 0.0 {
                format!("even with {} % headroom typed", intl::plain(*headroom, Lang::En))
            } else {
                "with no headroom".to_owned()
            };
            format!(
                "The servers are sized to a busy-hour load of {} %, {now}: a peak above the average, a server down or \
                 a slower mix of requests has no room. Headroom sizes them with room to spare.",
                short(*percent)
            )
        }
    }
}

/// A "Measure your own" box's label on the page.
/// A box's label inside a sentence: its first letter lower-cased where its first word is an
/// ordinary word ("token counters, …"), never a name or an abbreviation ("GPU energy, …",
/// "LoadGen detail log …"); the rest as written.
fn in_sentence(label: &str) -> String {
    let first_word = label.split_whitespace().next().unwrap_or("");
    let mut chars = first_word.chars();
    let ordinary = chars.next().is_some_and(|c| c.is_ascii_uppercase()) && chars.all(|c| !c.is_ascii_uppercase());
    let mut letters = label.chars();
    match letters.next() {
        // ASCII rules, as the other phrases: the wasm carries no Unicode case tables.
        Some(c) if ordinary => std::iter::once(c.to_ascii_lowercase()).chain(letters).collect(),
        _ => label.to_owned(),
    }
}

fn measure_input(input: Input) -> &'static str {
    match input {
        Input::EnergyBefore => "GPU energy, before the run",
        Input::EnergyAfter => "GPU energy, after the run",
        Input::TokensBefore => "Token counters, before the run",
        Input::TokensAfter => "Token counters, after the run",
        Input::Duration => "Run duration (s)",
        Input::IdlePower => "Idle board power per GPU (W)",
        Input::WallEnergy => "Wall energy over the run (Wh)",
        Input::Concurrency => "Concurrency",
        Input::PowerLimit => "Power limit per GPU (W)",
        Input::PowerLog => "Power analyser log (spl.txt)",
        Input::DetailLog => "LoadGen detail log (mlperf_log_detail.txt)",
        Input::PowerSeries => "GPU power samples over the whole run (instead of the two snapshots)",
        Input::SampleInterval => "Time between samples (s)",
    }
}

// The measure errors in English: the `Display` of the core types is the English table.
impl fmt::Display for Problem {
    // long: a table, one arm per `Problem` variant, each its English sentence
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Missing => write!(f, "empty: paste the other snapshot here too."),
            Problem::TooLarge { bytes, limit } => write!(
                f,
                "too large ({} MB; at most {} MB): paste one snapshot, not a whole log.",
                english_number((*bytes as f64 / 1e5).round() / 10.0),
                english_number((*limit as f64 / 1e5).round() / 10.0)
            ),
            Problem::NotText { line } => {
                write!(f, "line {line}: control characters or undecodable bytes; this is not text a tool printed.")
            }
            Problem::Malformed { line, expected } => write!(f, "line {line}: expected {expected}."),
            Problem::NotFinite { line } => {
                write!(f, "line {line}: the value is not a finite number (not-a-number or infinite); a counter that cannot be read gives no figure.")
            }
            Problem::Negative { line } => write!(f, "line {line}: a negative value; counters only count up."),
            Problem::NotAvailable { line } => {
                write!(f, "line {line}: dmon printed N/A for the energy counter (field 156 needs a Volta or newer GPU).")
            }
            Problem::NoEnergyCounter => write!(
                f,
                "no GPU energy counter found: paste dcgm-exporter's {} lines, `dcgmi dmon -e 155,156` output, \
                 or AMD's `amd-smi metric --energy` or `rocm-smi --showenergycounter` output.",
                crate::measure::dcgm::EXPORTER_METRIC
            ),
            Problem::NoEnergyColumn { line } => write!(
                f,
                "line {line}: this dmon header has no TOTEC column (field 156): run `dcgmi dmon -e 155,156`."
            ),
            Problem::NoTokenCounter => write!(
                f,
                "no token counter found: paste vLLM's vllm:generation_tokens_total, SGLang's \
                 sglang:generation_tokens_total or TGI's tgi_request_generated_tokens_sum lines."
            ),
            Problem::MixedFormats { line } => {
                write!(f, "line {line}: a second format in the same box; paste one tool's output per box.")
            }
            Problem::WrongBox { line } => {
                write!(f, "line {line}: this looks like it belongs in the other box (GPU energy versus token counters).")
            }
            Problem::ConflictingReadings { gpu, line } => write!(
                f,
                "line {line}: {} is listed again with another value; paste one snapshot per box.",
                clip(gpu)
            ),
            Problem::DuplicateSeries { line } => {
                write!(f, "line {line}: this series appears twice; paste one snapshot per box.")
            }
            Problem::FormatsDiffer { before, after } => write!(
                f,
                "the snapshots come from different tools ({before} before, {after} after); take both with the same one."
            ),
            Problem::GpuMissing { gpu, listed_in, line } => write!(
                f,
                "{} is in “{}” (line {line}) but not in the other snapshot; both must list the same GPUs.",
                clip(gpu),
                measure_input(*listed_in)
            ),
            Problem::CounterWentBackwards { gpu, line } => write!(
                f,
                "line {line}: the counter of {} went backwards (driver reloaded or GPU reset between the snapshots?); \
                 take both again.",
                clip(gpu)
            ),
            Problem::Swapped => {
                write!(f, "every counter is lower after than before: the two snapshots look swapped.")
            }
            Problem::TokensWentBackwards { line } => write!(
                f,
                "line {line}: fewer generated tokens after than before: the two token boxes swapped, or the server restarted between the snapshots (the counters carry nothing that tells the two apart)."
            ),
            Problem::ZeroTokens => write!(f, "no tokens were generated between the snapshots: no J/token to compute."),
            Problem::ZeroEnergy => write!(f, "the energy counters did not move between the snapshots."),
            Problem::NotANumber => write!(f, "enter a number such as 600, 0.5 or 1e3 (a point for decimals)."),
            Problem::NotPositive => write!(f, "enter a number above 0."),
            Problem::NeedsDuration => write!(f, "idle power needs the run's duration to subtract."),
            Problem::IdleAboveMeasured => write!(
                f,
                "idle power × GPUs × duration is more than the measured energy; check the idle figure and the duration."
            ),
            Problem::WallBelowGpu { wall_j, gpu_j } => write!(
                f,
                "the wall reading ({} J) is less than the GPU boards' energy ({} J) over the same run; check the window.",
                english_number(wall_j.round()),
                english_number(gpu_j.round())
            ),
            Problem::WrongLog { line, expected } => write!(f, "line {line}: this is the other log; pick {expected} here."),
            Problem::BadTime { line } => write!(f, "line {line}: expected a time as MM-DD-YYYY HH:MM:SS.fff."),
            Problem::NotDetailLog => write!(f, "no :::MLLOG lines: this is not LoadGen's mlperf_log_detail.txt."),
            Problem::NoPowerWindow { missing } => {
                write!(f, "the detail log has no {missing}: LoadGen logs the window only in a power run.")
            }
            Problem::WindowReversed { line } => write!(f, "line {line}: power_end is not after power_begin."),
            Problem::NoSamplesInWindow { begin, end, samples_in_file } => write!(
                f,
                "none of the log's {samples_in_file} samples lies between power_begin ({}) and power_end ({}): \
                 are these logs from the same run?",
                clip(begin),
                clip(end)
            ),
            Problem::NothingToKeep => write!(f, "no J/token yet: paste both snapshots of energy and tokens first."),
            Problem::LooksLikeJson { line } => write!(
                f,
                "line {line}: this looks like JSON, not Prometheus text: paste what the /metrics endpoint prints."
            ),
            Problem::NoPowerSamples => write!(
                f,
                "no series found: paste `nvidia-smi --query-gpu=timestamp,index,power.draw --format=csv -l 1`, \
                 `nvidia-smi dmon` or `dcgmi dmon -e 155,156` output over the whole run, with its header line."
            ),
            Problem::TooFewSamples { gpu, line } => write!(
                f,
                "line {line}: GPU {} has fewer than two samples with a power value; energy needs a first and a last one.",
                clip(gpu)
            ),
            Problem::SamplesOutOfOrder { gpu, line } => write!(
                f,
                "line {line}: the time of GPU {} does not move forward; paste one series in the order it was printed.",
                clip(gpu)
            ),
            Problem::BothEnergySources => write!(
                f,
                "paste either the two energy snapshots or a power-sample series, not both: clear one of them."
            ),
            // issue 51
            Problem::SeriesRestarted { series, line } => write!(
                f,
                "line {line}: {} is lower than before: its engine restarted during the run and what it made before \
                 the restart is lost. No J/token is given, only the most it can be.",
                super::clip_series(series)
            ),
            Problem::SeriesMissing { series, line } => write!(
                f,
                "{} (line {line} of “{}”) is missing here: what it made during the run is unknown. \
                 No J/token is given, only the most it can be.",
                super::clip_series(series),
                measure_input(Input::TokensBefore)
            ),
            Problem::SeriesLabelDiffers { series, label, before, after, line } => write!(
                f,
                "line {line}: {} has {label}=\"{}\" here but \"{}\" before: the snapshots come from another model \
                 or server. Take both from the same one.",
                super::clip_series(series),
                clip(after),
                clip(before)
            ),
            Problem::AboveRating { card, watts } => write!(
                f,
                "above the {} W the {} is rated for (its maximum board power): the measured GPUs cannot run at a higher limit.",
                english_number(*watts),
                clip(card)
            ),
            Problem::DurationFarFromSpan { typed, span } => write!(
                f,
                "{} s typed, while the pasted series spans {} s from its first to its last sample; the figures use the \
                 typed duration. Clear it to use the series' own span.",
                english_number(*typed),
                english_number(*span)
            ),
        }
    }
}

impl fmt::Display for MeasureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", measure_input(self.input), self.problem)
    }
}

fn arch_name(a: crate::proxy::Arch) -> &'static str {
    match a {
        crate::proxy::Arch::Dense => "dense",
        crate::proxy::Arch::Moe => "MoE (mixture of experts)",
    }
}

fn own_size_words(size: Option<f64>, arch: Option<crate::proxy::Arch>) -> String {
    let arch = arch.map(|a| match a {
        crate::proxy::Arch::Dense => "dense",
        crate::proxy::Arch::Moe => "MoE",
    });
    match (size, arch) {
        (Some(b), Some(a)) => format!(" ({} B parameters, {a})", number(Lang::En, b)),
        (Some(b), None) => format!(" ({} B parameters)", number(Lang::En, b)),
        (None, Some(a)) => format!(" ({a})"),
        (None, None) => String::new(),
    }
}

fn own_model_words(name: &str, size: Option<f64>, arch: Option<crate::proxy::Arch>) -> String {
    let name = if name.trim().is_empty() { "not named" } else { name.trim() };
    format!("{name}{}", own_size_words(size, arch))
}

fn own_proxy(proxy: crate::proxy::Proxy, page: Option<crate::catalogue::Benchmark>) -> String {
    use crate::proxy::{Arch, Proxy};
    // The benchmarks no source states both the size and the kind of: a sentence only where there are any.
    let unstated = match crate::proxy::unstated() {
        list if list.is_empty() => String::new(),
        list => format!(" Not considered, with no stated size or kind: {}.", list.join(", ")),
    };
    let not_yours = match page {
        Some(b) => format!("The figures on this page are for the MLPerf benchmark {}, not for your model.", b.name()),
        None => "The figures on this page are for the throughput you typed.".to_owned(),
    };
    match proxy {
        Proxy::NeedSize => format!(
            "{not_yours} Give its size in billions of parameters and whether it is dense or MoE to name the closest benchmark as a proxy."
        ),
        Proxy::NeedArch => format!("{not_yours} Choose dense or MoE to name the closest benchmark as a proxy."),
        Proxy::NoneOfKind(a) => format!(
            "No source of this catalogue states the size of a {} benchmark, so no proxy is named. {not_yours}{unstated}",
            if a == Arch::Dense { "dense" } else { "MoE" }
        ),
        Proxy::Closest(s) => {
            let kind = if s.arch == Arch::Dense { "dense" } else { "MoE, active parameters" };
            let head = format!(
                "Proxy: {} ({} B parameters, {kind}), the benchmark of the same kind closest in size among those whose size and kind a source states.",
                s.benchmark.name(),
                number(Lang::En, s.billions)
            );
            let tail = match page {
                Some(b) if b.name() == s.benchmark.name() => {
                    "The figures on this page are for that benchmark, not for your model.".to_owned()
                }
                Some(b) => format!(
                    "The figures on this page are for {}, not for your model; choose {} under Benchmark for the proxy's.",
                    b.name(),
                    s.benchmark.name()
                ),
                None => format!(
                    "The figures on this page are for the throughput you typed; a published result of {} gives the proxy's.",
                    s.benchmark.name()
                ),
            };
            format!("{head} {tail}{unstated}")
        }
    }
}

/// The system line where no source states the part's maximum (issue 48): an own-draw estimate beside a
/// comparable system, or the GPU boards and the typed overhead.
fn unsourced_line(what: &str, part: &str, s: &crate::plan::PlanSystem) -> String {
    let short = |v: f64| intl::short(v, Lang::En);
    // issue 48: another maker's server, its own draw estimated beside a comparable system.
    if let Some(c) = &s.comparable {
        let stated = format!(
            "{}, a comparable system and not this server, states up to {} kW",
            c.name,
            short(c.max_watts / 1000.0)
        );
        return match s.own_estimate {
            Some((low, high)) => format!(
                "{what} No maximum is published for this {part}. Its own draw beside the GPU boards is an estimate, \
                 {}–{} kW: at least what a measured 8-GPU server drew beyond its GPUs, at most what {stated} less its \
                 boards. Peak, rack fit, current and heat use the upper end; the energy figures count the GPU boards \
                 and the overhead you type.",
                short(low / 1000.0),
                short(high / 1000.0)
            ),
            None => {
                format!("{what} No maximum is published for this {part}; the overhead you typed is used ({stated}).")
            }
        };
    }
    format!(
        "{what} No maximum power is published for this {part}: peak, rack fit, current and heat count the GPU boards \
         and the overhead you type, so the rack positions are at least the number shown."
    )
}

/// The system the plan counts (issue 36), and what its source states.
fn system_line(w: &super::SystemWords) -> String {
    use crate::system::Shape;
    let short = |v: f64| intl::short(v, Lang::En);
    let s = w.system;
    let what = match s.shape {
        Shape::Server => format!("One system is one server of {} GPUs.", w.gpus),
        Shape::Nodes { nodes } => format!(
            "One system is {nodes} servers of {} GPUs each, as the result ran; each server is placed on its own.",
            s.gpus_per_part
        ),
        Shape::Racks { racks } => {
            let name = s.rack_name.as_deref().unwrap_or("rack");
            if racks == 1 {
                format!("One system is one {name} rack of {} GPUs.", s.gpus_per_part)
            } else {
                format!("One system is {racks} {name} racks of {} GPUs each, checked rack by rack.", s.gpus_per_part)
            }
        }
    };
    let part = if matches!(s.shape, Shape::Racks { .. }) { "rack" } else { "server" };
    let Some(sys) = &s.sourced else { return unsourced_line(&what, part, s) };

    let max = match w.max_kw {
        Some((low, high)) if low < high => format!("{}–{} kW", short(low), short(high)),
        Some((v, _)) => format!("{} kW", short(v)),
        None => "—".to_owned(),
    };
    let psus = sys.psus.as_ref().map_or_else(String::new, |p| {
        let r = p.redundancy.as_deref().map_or_else(String::new, |r| format!(", {r}"));
        format!(" ({} power supplies of {} kW{r})", p.count, short(p.watts / 1000.0))
    });
    let cooling = match sys.cooling.as_ref().map(|c| &*c.text) {
        Some("air") => "cooling: air.",
        Some("liquid") => "cooling: liquid; heat to liquid and to air: not published.",
        Some("hybrid") => {
            "cooling: liquid for GPUs and processors, air for the rest; heat to liquid and to air: not published."
        }
        _ => "cooling: not published.",
    };
    // issue 52: the vendor's own system, its figures as the vendor states them.
    if sys.vendor {
        let used = if s.own_sourced {
            "Peak, rack fit, current and heat use this maximum; the year stands on its measured idle where its vendor gives one."
        } else {
            "The overhead you typed is used instead of this maximum."
        };
        return format!("{what} {}: up to {max} per {part}, as its vendor states; {cooling} {used}", sys.name);
    }
    if sys.kind == crate::catalogue::MaxKind::Secondary {
        let (low, high) = w.max_kw.unwrap_or((sys.max_watts / 1000.0, sys.max_watts / 1000.0));
        let used = if s.own_sourced {
            format!("Peak, rack fit, current and heat are sized on the upper end, {} kW", short(high))
        } else {
            "The overhead you typed is used instead".to_owned()
        };
        return format!(
            "{what} {}: its maker publishes no maximum; two secondary sources give {} and {} kW per {part}{psus}; {cooling} {used}; \
             the energy figures count the GPU boards and the overhead you type.",
            sys.name,
            short(low),
            short(high)
        );
    }
    let used = if s.own_sourced {
        "Peak, rack fit, current and heat use this maximum; the energy figures count the GPU boards and the overhead you type."
    } else {
        "The overhead you typed is used instead of this maximum."
    };
    format!(
        "{what} {}: up to {max} per {part} at the GPUs' rated power, as its maker states{psus}; {cooling} {used}",
        sys.name
    )
}

/// The electrical sign-off's verdict (issue 36).
fn sign_off(s: &crate::plan::SignOff) -> String {
    use crate::electric::Rule;
    let short = |v: f64| intl::short(v, Lang::En);
    let feeds = if s.feeds >= 2 {
        "Each of the A and B feeds alone (N+N: either carries the whole load when the other fails)"
    } else {
        "One feed"
    };
    let phases = match s.phases {
        crate::units::Phases::One => "single-phase",
        crate::units::Phases::Three => "three-phase",
    };
    let rule = match s.rule {
        Rule::Nec => "NEC 210.20(A) and 215.3: a continuous load uses at most 80 % of the breaker rating".to_owned(),
        Rule::Iec => {
            "IEC 60898-1: the rated current is a continuous rating; apply the assembly's rated diversity factor \
                      (IEC 61439-1) where its maker states one"
                .to_owned()
        }
        Rule::Policy(p) => format!("{} % as your site's policy", short(p)),
    };
    let n = s.circuits_per_feed;
    let circuits = if n == 1.0 { "1 circuit".to_owned() } else { format!("{} circuits", intl::plain(n, Lang::En)) };
    format!(
        "{feeds}: {circuits} of {} V {phases} {} A, each {} kW usable at {} % ({rule}), for the rack position's {} kW at peak.",
        intl::plain(s.volts, Lang::En),
        intl::plain(s.breaker, Lang::En),
        short(s.circuit_kw),
        short(s.rule.percent()),
        short(s.load_kw)
    ) + &peak_basis(s.peak_basis)
}

/// What the sign-off's peak rests on, where not a maker's stated maximum (issue 48).
fn peak_basis(b: crate::plan::PeakBasis) -> String {
    let short = |v: f64| intl::short(v, Lang::En);
    match b {
        crate::plan::PeakBasis::Stated => String::new(),
        crate::plan::PeakBasis::SecondaryUpper { low_kw, high_kw } => format!(
            " Sized on {} kW per rack, the upper of two secondary figures ({} and {} kW): the maker publishes no maximum.",
            short(high_kw),
            short(low_kw),
            short(high_kw)
        ),
        crate::plan::PeakBasis::EstimateUpper => {
            " Sized on the upper end of the estimated own draw: no maximum is published for this server.".to_owned()
        }
    }
}
