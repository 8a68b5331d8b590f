#!/usr/bin/env python3
"""Reads each catalogue row's measurements file from MLCommons' results repositories (issue 34.9).

    python3 data/tools/mlperf-measurements.py <round>=<owner/repo>:<git-dir>[@<commit>] ... [--write]

e.g. v4.1=mlcommons/inference_results_v4.1:/path/to/inference_results_v4.1.git (a clone's git
directory; `git clone --bare https://github.com/mlcommons/inference_results_v4.1` gives one). The
repository name is only recorded in the table, not looked up.

For every row of data/results.json whose round is given, it looks for the submission's
measurements file (the JSON stating `weight_data_types`, `weight_transformations`,
`starting_weights_filename`) in a local git copy of the round's results repository, at

  closed/<Submitter>/measurements/<system>/<benchmark>/<Scenario>/*.json   (v4.1, v5.1)
  closed/<Submitter>/results/<system>/<benchmark>/<Scenario>/measurements.json   (v6.0)

where <Submitter>/<system> come from the row's `details` address, the scenario folder is matched
case-insensitively and the benchmark folder as written or with `.` as `_` (`llama3_1-405b`). A
JSON file counts only if it has one of the three keys. Where a folder holds several such files
that disagree, the one named `<system>_<Scenario>.json` is taken; otherwise the row is left
unmatched ("ambiguous"), never guessed.

It writes the table (the repositories and commits read, and one line per row, found or not) to
tests/fixtures/mlperf/measurements.json and,
with --write, sets each found row's `weight_transformations` in data/results.json to
{"text": <the file's weight_transformations, as written>, "source": "mlperf-<round>-measurements"}
(and removes the field from rows with no file). Nothing else in the file changes.
Only the Python standard library and `git` are used.
"""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KEYS = ("weight_data_types", "weight_transformations", "starting_weights_filename")


def git(gitdir, *args, data=None):
    return subprocess.run(["git", "--git-dir", gitdir, *args], input=data, capture_output=True, check=True).stdout


def blobs(gitdir, commit, paths):
    """The text of each path at commit (one `git cat-file --batch`)."""
    if not paths:
        return {}
    out = git(gitdir, "cat-file", "--batch", data="".join(f"{commit}:{p}\n" for p in paths).encode())
    texts, i = {}, 0
    for p in paths:
        header_end = out.index(b"\n", i)
        header = out[i:header_end].split()
        if header[-1] == b"missing":
            i = header_end + 1
            continue
        size = int(header[2])
        texts[p] = out[header_end + 1 : header_end + 1 + size].decode("utf-8", "replace")
        i = header_end + 1 + size + 1
    return texts


def folder_parts(details):
    # https://github.com/mlcommons/<repo>/tree/main/<division>/<Submitter>/results/<system>
    parts = details.rstrip("/").split("/")
    return parts[-4], parts[-3], parts[-1]


def main(argv):
    write = "--write" in argv
    repos, names = {}, {}
    for arg in argv:
        if arg == "--write":
            continue
        rnd, _, where = arg.partition("=")
        name, _, where = where.partition(":")
        gitdir, _, commit = where.partition("@")
        commit = git(gitdir, "rev-parse", commit or "HEAD").decode().strip()
        repos[rnd] = (gitdir, commit)
        names[rnd] = name
    if not repos:
        print(__doc__, file=sys.stderr)
        return 2

    results_path = ROOT / "data" / "results.json"
    rows = json.loads(results_path.read_text(encoding="utf-8"))
    listing = {
        rnd: git(gitdir, "ls-tree", "-r", "--name-only", commit).decode().splitlines()
        for rnd, (gitdir, commit) in repos.items()
    }
    # Candidate files per row: by folder, lower-cased for the scenario and benchmark match.
    by_folder = {}
    for rnd, files in listing.items():
        for f in files:
            if f.endswith(".json") and "/TEST0" not in f and "mlperf_log" not in f:
                by_folder.setdefault((rnd, f.rsplit("/", 1)[0].lower()), []).append(f)

    wanted = {}
    for row in rows:
        if row["round"] not in repos or not row.get("details"):
            continue
        division, submitter, system = folder_parts(row["details"])
        benches = {row["benchmark"], row["benchmark"].replace(".", "_")}
        scen = row["scenario"]
        tiers = [
            [f"{division}/{submitter}/measurements/{system}/{b}/{scen}" for b in benches],
            [f"{division}/{submitter}/results/{system}/{b}/{scen}" for b in benches]
            + [f"{division}/{submitter}/results/{system}/{b}/{scen}/measurements" for b in benches],
        ]
        wanted[id(row)] = [
            sorted(f for d in tier for f in by_folder.get((row["round"], d.lower()), [])) for tier in tiers
        ]

    texts = {}
    for rnd, (gitdir, commit) in repos.items():
        paths = sorted({f for row in rows if row["round"] == rnd and id(row) in wanted for t in wanted[id(row)] for f in t})
        texts[rnd] = blobs(gitdir, commit, paths)

    def stated(rnd, path):
        try:
            value = json.loads(texts[rnd].get(path, ""))
        except ValueError:
            return None
        if not isinstance(value, dict) or not any(k in value for k in KEYS):
            return None
        return {k: value.get(k) for k in KEYS}

    table = []
    for row in rows:
        if id(row) not in wanted:
            continue
        rnd = row["round"]
        _, _, system = folder_parts(row["details"])
        entry = {"round": rnd, "id": row["id"], "benchmark": row["benchmark"], "scenario": row["scenario"]}
        found, status = None, "no file"
        for tier in wanted[id(row)]:
            files = [(f, stated(rnd, f)) for f in tier]
            files = [(f, s) for f, s in files if s is not None]
            if not files:
                continue
            named = [(f, s) for f, s in files if f.rsplit("/", 1)[1].lower() == f"{system}_{row['scenario']}.json".lower()]
            if len({json.dumps(s, sort_keys=True) for _, s in files}) == 1:
                found = named[0] if len(named) == 1 else files[0]
            else:
                found = named[0] if len(named) == 1 else None
                status = "found" if found else "ambiguous: " + ", ".join(f for f, _ in files)
            break
        if found:
            status = "found"
            entry["file"] = found[0]
            entry.update(found[1])
        entry["status"] = status
        table.append(entry)

    out = ROOT / "tests" / "fixtures" / "mlperf" / "measurements.json"
    read = {rnd: {"repository": names[rnd], "commit": repos[rnd][1]} for rnd in sorted(repos)}
    out.write_text(
        '{\n  "read": '
        + json.dumps(read, ensure_ascii=False)
        + ',\n  "rows": [\n'
        + ",\n".join("    " + json.dumps(e, ensure_ascii=False) for e in table)
        + "\n  ]\n}\n",
        encoding="utf-8",
    )
    for rnd in repos:
        mine = [e for e in table if e["round"] == rnd]
        found = [e for e in mine if e["status"] == "found"]
        print(f"{rnd}: {len(mine)} rows, {len(found)} with a file, {len(mine) - len(found)} without", file=sys.stderr)

    if write:
        by_row = {(e["id"], e["benchmark"], e["scenario"]): e for e in table}
        for row in rows:
            e = by_row.get((row["id"], row["benchmark"], row["scenario"]))
            if e is None:
                continue
            row.pop("weight_transformations", None)
            if e["status"] == "found" and e["weight_transformations"] is not None:
                # Keep the key order of the rows: the new field goes after `weights`.
                items = list(row.items())
                at = [k for k, _ in items].index("weights") + 1
                items.insert(at, ("weight_transformations", {"text": e["weight_transformations"], "source": f"mlperf-{e['round']}-measurements"}))
                row.clear()
                row.update(items)
        results_path.write_text(json.dumps(rows, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
