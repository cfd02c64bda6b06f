#!/usr/bin/env python3
"""Run one Python (cocotb) test of a block, as the C runner runs a C test.

  cocotb_run.py SIM BLOCK TEST SEED VARIANT OUTDIR      (scripts/run_one.sh calls it)

The test is `@harness.test("<top>")` + `async def TEST` in tb/<block>/test_*.py; it runs in the top's
build of scripts/cocotb.mk (on Icarus the block's generated wrapper tb_<top>, with cocotb's VPI
library where the C tests load the harness's; on Verilator the top's module). It writes
OUTDIR/results.xml in the harness's JUnit layout (one testcase, seed / sim / scale properties:
what scripts/sim.sh counts and merges; cocotb's own file stays as cocotb_results.xml), run.log,
and prints the runner's lines: PASS / FAIL with the reproduction line, 'N passed, N failed'.
Exit status: the simulator's if it failed, else 1 for a failed test, else 0.
"""
import os
import re
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from xml.sax.saxutils import quoteattr

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
TEST_RE = re.compile(r'^@harness\.test\(\s*"(\w+)"[^\n]*\n(?:@[^\n]*\n)*async def (\w+)\(', re.M)


def py_tests(block):
    """{test: (top, file)} of tb/<block>/test_*.py."""
    found = {}
    tbdir = os.path.join(ROOT, "tb", block)
    for f in sorted(os.listdir(tbdir)):
        if f.startswith("test_") and f.endswith(".py"):
            with open(os.path.join(tbdir, f)) as fh:
                for top, name in TEST_RE.findall(fh.read()):
                    found[name] = (top, os.path.join("tb", block, f))
    return found


def vl_seed(seed):
    """Verilator's random-reset seed from SEED, as csrc/harness/vl_user.cpp derives it."""
    m = (1 << 64) - 1
    z = (seed + 0x9E3779B97F4A7C15) & m
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & m
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & m
    z ^= z >> 31
    return (z & 0x7FFFFFFE) + 1


def cocotb_config(*args):
    out = subprocess.run([sys.executable, "-m", "cocotb_tools.config", *args], check=True,
                         stdout=subprocess.PIPE, text=True).stdout
    return out.strip()


def main():
    if len(sys.argv) != 7:
        sys.stderr.write("usage: cocotb_run.py SIM BLOCK TEST SEED VARIANT OUTDIR\n")
        return 2
    sim, block, test, seed, variant, out = sys.argv[1:]
    os.chdir(ROOT)
    tests = py_tests(block)
    if test not in tests:
        sys.stderr.write("cocotb_run: no Python test %s in tb/%s/test_*.py\n" % (test, block))
        return 2
    top, src = tests[test]
    module = os.path.splitext(os.path.basename(src))[0]
    plusargs = os.environ.get("PLUSARGS", "").split()
    scale = "quick" if "+quick" in plusargs else "full" if "+full" in plusargs else "default"
    libdir = cocotb_config("--lib-dir")
    env = dict(os.environ)
    env.update({
        "COCOTB_TEST_MODULES": module,
        "COCOTB_TEST_FILTER": r"(^|\.)%s$" % test,
        "COCOTB_RESULTS_FILE": os.path.join(out, "cocotb_results.xml"),
        "COCOTB_RANDOM_SEED": seed,
        "COCOTB_ANSI_OUTPUT": "0",
        "TOPLEVEL_LANG": "verilog",
        "PYGPI_PYTHON_BIN": cocotb_config("--python-bin"),
        "GPI_USERS": "%s;%s" % (cocotb_config("--libpython"), cocotb_config("--pygpi-entry-point")),
        "PYTHONPATH": os.pathsep.join(["csrc/harness", "tb/" + block, env.get("PYTHONPATH", "")]),
        "HARNESS_BLOCK": block, "HARNESS_TOP": top, "HARNESS_SEED": seed, "HARNESS_SCALE": scale,
        "HARNESS_REFLIB": os.path.join(ROOT, "sim_out/build/c", block, "libref.so"),
    })
    cdir = "sim_out/build/cocotb/%s/%s/%s/%s" % (sim, block, variant, top)  # scripts/cocotb.mk
    env["COCOTB_TOPLEVEL"] = open(os.path.join(cdir, "toplevel")).read().strip()
    if sim == "icarus":
        # Icarus 11's vvp loads a VPI module only by a .vpi name: cocotb's library under that
        # name, its own libraries (libgpi.so) found through LD_LIBRARY_PATH.
        vpidir = "sim_out/build/cocotb/vpi"
        os.makedirs(vpidir, exist_ok=True)
        link = os.path.join(vpidir, "libcocotbvpi_icarus.vpi")
        target = os.path.join(libdir, "libcocotbvpi_icarus.so")
        if not os.path.islink(link) or os.readlink(link) != target:
            if os.path.lexists(link):
                os.remove(link)
            os.symlink(target, link)
        env["LD_LIBRARY_PATH"] = os.pathsep.join([libdir, env.get("LD_LIBRARY_PATH", "")])
        env["COCOTB_TRUST_INERTIAL_WRITES"] = "0"
        cmd = ["vvp", "-n", "-M", vpidir, "-m", "libcocotbvpi_icarus", os.path.join(cdir, "sim.vvp")]
        if variant == "waves":
            cmd += ["-fst", "+wavefile=%s/waves.fst" % out]
    else:
        env["COCOTB_TRUST_INERTIAL_WRITES"] = "1"
        cmd = [os.path.join(cdir, "Vtop"), "+verilator+rand+reset+2", "+verilator+seed+%d" % vl_seed(int(seed))]
        if variant == "waves":
            cmd += ["--trace", "--trace-file", os.path.join(out, "waves.fst")]
        if variant == "cov":
            cmd += ["+verilator+coverage+file+%s/coverage.dat" % out]
    cmd += plusargs
    os.makedirs(out, exist_ok=True)
    say_lines = []

    def say(line):
        print(line, flush=True)
        say_lines.append(line)

    say("RUN  %s.%s sim=%s seed=%s scale=%s out=%s (cocotb, %s, top %s)" % (block, test, sim, seed, scale, out, src, top))
    t0 = time.monotonic()
    # the console goes to run_one.sh's console.log and is read back for a design error
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            errors="replace")
    design = None
    for line in proc.stdout:
        sys.stdout.write(line)
        if design is None and re.search(r"FATAL:|%Fatal|%Error|Assertion failed", line):
            design = line.strip()
    rc = proc.wait()
    sys.stdout.flush()
    secs = time.monotonic() - t0

    failed, msg, sim_ns = True, None, 0.0
    try:
        case = ET.parse(env["COCOTB_RESULTS_FILE"]).getroot().find(".//testcase[@name='%s']" % test)
    except (OSError, ET.ParseError):
        case = None
    if case is None:
        msg = "the simulator exited (%d) without a cocotb result" % rc
    else:
        for p in case.iter("property"):
            if p.get("name") == "sim_time_duration":
                sim_ns = float(p.get("value"))
        bad = case.find("failure")
        bad = bad if bad is not None else case.find("error")
        if bad is not None:
            # the message's first line (cocotb adds the rewritten assertion after it), at the
            # test's line that failed: file:line: message, as the C runner says it
            msg = ((bad.get("message") or "").strip().splitlines() or ["failed"])[0][:600]
            at = re.findall(r'File "%s/(tb/[^"]+)", line (\d+)' % re.escape(ROOT), bad.text or "")
            if at:
                msg = "%s:%s: %s" % (at[-1][0], at[-1][1], msg)
        elif case.find("skipped") is not None:
            msg = "cocotb skipped the test"
        else:
            failed = False
    if failed and design:  # what the design said beats cocotb's "ended prematurely"
        msg = "design error: %s (%s)" % (design, msg[:200])
    repro = "make sim BLOCK=%s TEST=%s SEED=%s SIM=%s WAVES=1%s" % (
        block, test, seed, sim, " PLUSARGS='%s'" % " ".join(plusargs) if plusargs else "")
    with open(os.path.join(out, "results.xml"), "w") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        f.write('<testsuites name="results" tests="1" failures="%d">\n' % failed)
        f.write('  <testsuite name="%s" package="%s.%s" tests="1" failures="%d" errors="0" skipped="0" time="%.3f">\n'
                % (block, block, sim, failed, secs))
        for k, v in (("seed", seed), ("sim", sim), ("scale", scale), ("lane", "cocotb"), ("top", top)):
            f.write('    <property name="%s" value="%s"/>\n' % (k, v))
        f.write('    <testcase name="%s" classname="%s.%s" file="%s" time="%.3f" sim_time_ns="%.1f"'
                % (test, block, sim, src, secs, sim_ns))
        if failed:
            f.write(">\n      <failure message=%s/>\n    </testcase>\n" % quoteattr(msg))
        else:
            f.write("/>\n")
        f.write("  </testsuite>\n</testsuites>\n")
    if failed:
        say("FAIL %s.%s: %s" % (block, test, msg if msg.startswith("tb/") else "%s: %s" % (src, msg)))
        say("  reproduce: " + repro)
    else:
        say("PASS %s.%s (cocotb, %.0f ns simulated, %.2f s)" % (block, test, sim_ns, secs))
    say("%d passed, %d failed" % (0 if failed else 1, 1 if failed else 0))
    with open(os.path.join(out, "run.log"), "w") as f:
        f.write("\n".join(say_lines) + "\n")
    return rc if rc else (1 if failed else 0)


if __name__ == "__main__":
    sys.exit(main())
