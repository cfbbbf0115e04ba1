#!/usr/bin/env python3
"""Runs the command examples of the docs and compares what they print.

A runnable example is a fenced block whose language is `console`:

    ```console
    $ futoshiki --count puzzles/futoshiki/course-fall2022/SampleInput.txt
    2
    ```

Lines that start with "$ " are commands (bash, with the programs of the build on PATH, in a
scratch folder where puzzles/, tests/, docs/ and share/ of the tree are visible); the lines
after a command, up to the next command, are what it prints: its standard output, then its
standard error (as a terminal shows them when the program flushes its output before a
message, which every front-end does). In the expected text:
  - a line "..." (anything may follow it, as a comment) stands for any number of lines;
  - "[...]" inside a line stands for any text on that line;
  - "[exit N]" as the last line says the command exits with status N (otherwise 0 is expected);
  - times (a number followed by s, ms, us or µs, and the number after "seconds:") are masked
    on both sides, as are trailing spaces.
Blocks of other languages (``` alone, ```sh, ```cmake ...) are not run. "```console needs=PROG"
marks a block that needs a program that only some builds have (xcover-mpi): it is skipped,
and counted as skipped, when PROG is not on the PATH given. mpirun may run as root here, with
more ranks than cores (Open MPI's environment variables for both are set), as in CI.

Usage: doc_test.py ROOT BIN_DIR... -- FILE...           (FILE relative to ROOT)
       doc_test.py ROOT --install BUILD_DIR -- FILE...  the programs as a user gets them:
                   `cmake --install BUILD_DIR` into a scratch prefix, its bin/ on the PATH
Exit 0 when every example printed what its doc says; otherwise each difference is shown.
"""
import os
import shutil
import re
import subprocess
import sys
import tempfile

TIME = re.compile(r"\b\d+(?:\.\d+)?(?:e-?\d+)?( ?)(ms|us|µs|s)\b")
SECONDS = re.compile(r"(seconds:|time:)\s*\S+")


def mask(line):
    line = SECONDS.sub(r"\1 <time>", line)
    return TIME.sub(r"<time>\1\2", line).rstrip()


def blocks(path):
    """(line number, needed program or None, [lines]) of each console block of a markdown file."""
    out, current, start, needs = [], None, 0, None
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            words = line.strip().split()
            if current is None:
                if words and words[0] == "```console":
                    current, start = [], number
                    needs = words[1][len("needs="):] if len(words) > 1 and words[1].startswith("needs=") else None
            elif line.strip() == "```":
                out.append((start, needs, current))
                current = None
            else:
                current.append(line)
    return out


def examples(lines):
    """(command, expected lines) pairs of a block."""
    out = []
    for line in lines:
        if line.startswith("$ "):
            out.append((line[2:], []))
        elif out:
            out[-1][1].append(line)
    return out


def line_matches(expected, actual):
    if "[...]" not in expected:
        return expected == actual
    pattern = ".*".join(re.escape(part) for part in expected.split("[...]"))
    return re.fullmatch(pattern, actual) is not None


def matches(expected, actual):
    """expected (with "..." lines) against actual, both masked lists of lines."""
    if not expected:
        return not actual
    if expected[0].startswith("..."):
        rest = expected[1:]
        return any(matches(rest, actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and line_matches(expected[0], actual[0]) and matches(expected[1:], actual[1:])


def main():
    args = sys.argv[1:]
    split = args.index("--")
    root, files = os.path.abspath(args[0]), args[split + 1:]
    bins = [os.path.abspath(b) for b in args[1:split]]
    prefix = None
    if bins and args[1] == "--install":
        prefix = tempfile.TemporaryDirectory()
        subprocess.run(["cmake", "--install", bins[1], "--prefix", prefix.name], check=True, stdout=subprocess.DEVNULL)
        bins = [os.path.join(prefix.name, "bin")]
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join(bins + [env.get("PATH", "")])
    env["COLUMNS"] = "100"
    env.update(OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1", OMPI_MCA_rmaps_base_oversubscribe="1")
    failures, count, skipped = 0, 0, 0
    for name in files:
        with tempfile.TemporaryDirectory() as scratch:
            for sub in ("puzzles", "tests", "docs", "share"):
                os.symlink(os.path.join(root, sub), os.path.join(scratch, sub))
            for start, needs, lines in blocks(os.path.join(root, name)):
                if needs and shutil.which(needs, path=env["PATH"]) is None:
                    skipped += len(examples(lines))
                    continue
                for command, expected in examples(lines):
                    count += 1
                    status = 0
                    while expected and expected[-1].strip() == "":
                        expected = expected[:-1]
                    if expected and re.fullmatch(r"\[exit \d+\]", expected[-1].strip()):
                        status = int(expected[-1].strip()[6:-1])
                        expected = expected[:-1]
                    try:
                        run = subprocess.run(["bash", "-c", command], cwd=scratch, env=env, stdin=subprocess.DEVNULL,
                                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
                        out, err = run.stdout.decode("utf-8", "replace"), run.stderr.decode("utf-8", "replace")
                        text = out + ("\n" if out and not out.endswith("\n") and err else "") + err
                        code = run.returncode
                    except subprocess.TimeoutExpired:
                        text, code = "(no answer within 120 s)", -1
                    actual = [mask(l) for l in text.split("\n")]
                    while actual and actual[-1] == "":
                        actual.pop()
                    want = [mask(l) for l in expected]
                    if code != status or not matches(want, actual):
                        failures += 1
                        print(f"{name}:{start}: $ {command}")
                        print(f"  exit status {code}, expected {status}")
                        print("  expected:\n" + "\n".join("    | " + l for l in want))
                        print("  printed:\n" + "\n".join("    | " + l for l in actual))
    print(f"doc examples: {count - failures} passed, {failures} failed, {skipped} skipped")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
