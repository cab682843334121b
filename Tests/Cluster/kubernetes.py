#!/usr/bin/env python3
"""Structural checks of deploy/kubernetes/indexed-job.yaml (issue 21), with PyYAML from Debian.

What is checked: the fields that make it an Indexed Job that shards a library the way `quire batch` expects
(batch/v1 Job, completionMode Indexed, completions and parallelism, the N of `--shard auto/N` equal to
completions, restartPolicy Never as podFailurePolicy requires, a podFailurePolicy that fails the Job on exit
64/65 of the quire container and ignores disruptions, a backoffLimit for the rest, the library mounted
read-only and the output writable at the paths the command uses, a grace period longer than --grace).
What is not: no Kubernetes API server validates it and no cluster runs it here (there is none in the tests);
the image name is a placeholder. Prints PASS/FAIL lines as the other cluster tests do."""
import os
import shlex
import sys

import yaml

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PATH = os.path.join(ROOT, "deploy", "kubernetes", "indexed-job.yaml")


def option(command, name):
    """The value after `name` in the command, or None."""
    return command[command.index(name) + 1] if name in command and command.index(name) + 1 < len(command) else None


def under(path, mounts):
    """The mount whose mountPath holds path, or None."""
    for mount in mounts:
        root = mount["mountPath"].rstrip("/")
        if path == root or path.startswith(root + "/"):
            return mount
    return None


def check(job):
    problems = []

    def want(condition, text):
        if not condition:
            problems.append(text)

    want(job.get("apiVersion") == "batch/v1", f"apiVersion is {job.get('apiVersion')!r}, not batch/v1")
    want(job.get("kind") == "Job", f"kind is {job.get('kind')!r}, not Job")
    spec = job.get("spec") or {}
    want(spec.get("completionMode") == "Indexed", "spec.completionMode is not Indexed")
    completions, parallelism = spec.get("completions"), spec.get("parallelism")
    want(isinstance(completions, int) and completions >= 1, "spec.completions is not a positive integer")
    want(isinstance(parallelism, int) and 1 <= parallelism <= (completions or 0),
         "spec.parallelism is not between 1 and completions")
    want(isinstance(spec.get("backoffLimit"), int) and spec["backoffLimit"] >= 1,
         "spec.backoffLimit is missing: pods that fail for a reason worth retrying would fail the Job")

    pod = (spec.get("template") or {}).get("spec") or {}
    want(pod.get("restartPolicy") == "Never", "restartPolicy is not Never (podFailurePolicy requires it)")
    containers = {c.get("name"): c for c in pod.get("containers") or []}
    quire = containers.get("quire")
    if quire is None:
        return problems + ["no container named quire"]
    command = [str(part) for part in (quire.get("command") or []) + (quire.get("args") or [])]
    want(command[:2] == ["quire", "batch"], f"the command is not quire batch: {shlex.join(command)}")
    shard = option(command, "--shard") or ""
    want(shard == f"auto/{completions}", f"--shard is {shard!r}, not auto/{completions} (completions)")

    rules = (spec.get("podFailurePolicy") or {}).get("rules") or []
    fail_codes = set()
    for rule in rules:
        codes = rule.get("onExitCodes")
        if rule.get("action") == "FailJob" and codes and codes.get("operator") == "In":
            want(codes.get("containerName") == "quire", "the FailJob exit-code rule does not name the quire container")
            fail_codes |= set(codes.get("values") or [])
    want({64, 65} <= fail_codes, f"podFailurePolicy does not fail the Job on exit 64 and 65 (has {sorted(fail_codes)})")
    want(not fail_codes & {143, 137}, "podFailurePolicy fails the Job on a signal (143/137): those pods are worth retrying")
    want(any(rule.get("action") == "Ignore" and any(c.get("type") == "DisruptionTarget"
                                                    for c in rule.get("onPodConditions") or [])
             for rule in rules), "podFailurePolicy does not ignore DisruptionTarget (evictions, preemption)")

    volumes = {v.get("name"): v for v in pod.get("volumes") or []}
    mounts = quire.get("volumeMounts") or []
    for mount in mounts:
        want(mount.get("name") in volumes, f"volumeMount {mount.get('name')} has no volume")
    inputs = [part for part in command[2:] if part.startswith("/") and part != option(command, "-o")]
    want(len(inputs) >= 1, "the command names no library path")
    for path in inputs:
        mount = under(path, mounts)
        want(mount is not None and mount.get("readOnly") is True, f"the library {path} is not on a read-only mount")
    output = option(command, "-o") or ""
    mount = under(output, mounts)
    want(mount is not None and not mount.get("readOnly"), f"the output {output!r} is not on a writable mount")
    jobs = option(command, "--jobs")
    cpu = str(((quire.get("resources") or {}).get("requests") or {}).get("cpu", ""))
    want(jobs is None or cpu == "" or jobs == cpu, f"--jobs {jobs} differs from the CPU request {cpu}")
    grace = option(command, "--grace")
    period = pod.get("terminationGracePeriodSeconds", 30)
    want(grace is None or int(grace) < period, f"--grace {grace} is not below terminationGracePeriodSeconds {period}")
    return problems


def main():
    with open(PATH, encoding="utf-8") as handle:
        documents = [d for d in yaml.safe_load_all(handle) if d]
    problems = check(documents[0]) if len(documents) == 1 else [f"{len(documents)} documents, not one Job"]
    for problem in problems:
        print(f"  {problem}")
    print("note: structure only: no API server validated the Job and no cluster ran it")
    print(("FAIL kubernetes/indexed-job: see above" if problems else "PASS kubernetes/indexed-job"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
