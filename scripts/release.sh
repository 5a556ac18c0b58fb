#!/usr/bin/env bash
# Publishes a release (README, Install): the npm package with npm provenance, and the container image for
# linux/amd64 and linux/arm64 with provenance and SBOM attestations, tagged <version>, <major>.<minor> and latest.
# .github/workflows/release.yml runs it on a v* tag, where the credentials are (an npm token or trusted publisher,
# GitHub's OIDC token for provenance, a ghcr.io login); .ci/run runs `--dry-run`, which checks everything that
# needs no credentials and prints the commands a release would run.
#
#   bash scripts/release.sh --dry-run
#   bash scripts/release.sh                 (in CI, on the release tag)
# Env: RELEASE_IMAGE  image name without tag (default ghcr.io/<GITHUB_REPOSITORY, lower case>)
#      RELEASE_LATEST move the `latest` tags too (default yes; no for a backport)
set -euo pipefail
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO_ROOT"
DRY_RUN=0
[[ "${1:-}" == "--dry-run" ]] && DRY_RUN=1
PLATFORMS="linux/amd64,linux/arm64"
log() { printf '[release] %s\n' "$*" >&2; }
fail() { log "FAIL: $*"; exit 1; }
# In a dry run a missing credential or tag is reported, not fatal; everything else fails either way.
need() { if ((DRY_RUN)); then log "(a release would stop here) $*"; else fail "$*"; fi; }

name=$(node -p "require('./package.json').name")
version=$(node -p "require('./package.json').version")
[[ "$version" =~ ^([0-9]+)\.([0-9]+)\.([0-9]+)(-[0-9A-Za-z.-]+)?$ ]] || fail "package.json version $version is not semver"
minor="${BASH_REMATCH[1]}.${BASH_REMATCH[2]}"
prerelease="${BASH_REMATCH[4]}"
log "$name $version$( ((DRY_RUN)) && echo ' (dry run)')"

# --- What is being released -----------------------------------------------------------------------
[[ "$(node -p "require('./package.json').publishConfig?.provenance === true && require('./package.json').publishConfig?.access === 'public'")" == "true" ]] \
  || fail "package.json publishConfig must ask for provenance and public access (npm publish then refuses to publish without provenance)"
if [[ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ]]; then need "the working tree has uncommitted changes"; fi
tag=$(git tag --points-at HEAD 2>/dev/null | grep -x "v$version" || true)
[[ -n "$tag" ]] || need "HEAD is not tagged v$version"
repository=$(node -p "const r = require('./package.json').repository; (typeof r === 'string' ? r : r?.url) ?? ''")
if [[ -z "$repository" ]]; then
  need "package.json has no repository field: npm provenance needs it to name the repository the release is built in"
elif [[ -n "${GITHUB_REPOSITORY:-}" && "$repository" != *"github.com/$GITHUB_REPOSITORY"* ]]; then
  fail "package.json repository ($repository) is not github.com/$GITHUB_REPOSITORY, where this runs: provenance would be refused"
fi
published=$(npm view "$name@$version" version 2>/dev/null || true)
[[ -z "$published" ]] || fail "$name@$version is on the registry already: bump the version"

image="${RELEASE_IMAGE:-}"
if [[ -z "$image" && -n "${GITHUB_REPOSITORY:-}" ]]; then image="ghcr.io/${GITHUB_REPOSITORY,,}"; fi
if [[ -z "$image" ]]; then need "no RELEASE_IMAGE (nor GITHUB_REPOSITORY) names the image"; image="ghcr.io/OWNER/drawing-api-emulator"; fi
tags=(--tag "$image:$version")
if [[ -z "$prerelease" && "${RELEASE_LATEST:-yes}" == "yes" ]]; then tags+=(--tag "$image:$minor" --tag "$image:latest"); fi
dist_tag=$([[ -n "$prerelease" ]] && echo next || echo latest)

# --- npm ----------------------------------------------------------------------------------------
# `npm publish` runs prepack (npm run build) and packs what package.json's `files` list; publishConfig adds
# --provenance (the attestation is signed with the CI's OIDC token) and public access.
publish=(npm publish --tag "$dist_tag")
if ((DRY_RUN)); then
  out=$("${publish[@]}" --dry-run 2>&1) || { tail -n 30 <<<"$out" >&2; fail "npm publish --dry-run failed"; }
  log "npm: '${publish[*]}' passes as a dry run ($(grep -oE 'total files: +[0-9]+' <<<"$out" | grep -oE '[0-9]+') files, $(grep -oE 'package size: +[0-9.]+ [kM]B' <<<"$out" | sed 's/package size: *//'))"
else
  "${publish[@]}"
  log "npm: published $name@$version ($dist_tag), with provenance"
fi

# --- Image --------------------------------------------------------------------------------------
# BuildKit builds both platforms (arm64 under QEMU on an x86-64 runner), attaches SLSA provenance (mode=max) and an
# SPDX SBOM as attestations, and pushes one multi-platform index.
build=(docker buildx build --platform "$PLATFORMS" --provenance=mode=max --sbom=true
  --label "org.opencontainers.image.version=$version"
  --label "org.opencontainers.image.source=${repository%.git}" "${tags[@]}" --push .)
if ((DRY_RUN)); then
  log "image: would run: ${build[*]}"
  # Nothing in the Dockerfile may name one architecture: both platforms build from the same file.
  ! grep -nE 'amd64|x86_64|x64|aarch64|arm64' Dockerfile | grep -v '^[0-9]*:#' || fail "the Dockerfile names an architecture"
  if docker buildx version >/dev/null 2>&1; then
    "${build[@]/--push/--output=type=cacheonly}" || fail "the multi-platform build failed"
    log "image: built for $PLATFORMS (not pushed)"
  else
    log "image: no docker buildx here: the build for $PLATFORMS is checked where it runs (scripts/docker-smoke.sh builds linux/amd64 with podman)"
  fi
else
  docker buildx version >/dev/null 2>&1 || fail "docker buildx is needed to build for $PLATFORMS"
  "${build[@]}"
  log "image: pushed $image:$version for $PLATFORMS, with provenance and SBOM attestations"
fi
log "OK"
