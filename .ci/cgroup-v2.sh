#!/usr/bin/env bash
# CI: the cgroup v2 tests, in a Debian guest booted with cgroup v2 only (cgroup_no_v1=all) and
# every controller, since this machine's own hierarchy is v1 and must stay so. The guest runs in
# software emulation (no KVM here); its root file system is an ext4 image of this machine's /usr
# and /etc with the built arena and its test class path, and its PID 1 is this machine's systemd,
# started with a target of ours (.ci/guest/caissa-ci.target) so that only what the tests need
# starts. The tests run as root in a scope with Delegate=yes, then as an ordinary user logged in,
# whose systemd manager delegates a subtree, and the launcher runs real games there (guest.sh).
# Where the guest cannot run, says so in one line and succeeds; fails when a test fails.
# CAISSA_CI_GUEST_BENCH=1 also prints `caissa bench sandbox`'s figures there, as root and as the
# user at a login: a benchmark, not a test (each run starts an arena and 96 bots in emulation), so
# it runs only when asked and CI's time goes to the tests.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo="$PWD"

say() { echo "cgroup-v2: $*"; }
if [ "$(id -u)" != 0 ]; then say "guest not run: building its disk image needs root"; exit 0; fi
if ! command -v qemu-system-x86_64 >/dev/null || ! ls /boot/vmlinuz-*-cloud-amd64 >/dev/null 2>&1 \
    || [ ! -x /bin/busybox ]; then
  (apt-get update -q && apt-get install -y -q qemu-system-x86 linux-image-cloud-amd64 busybox-static) >/dev/null 2>&1 || true
fi
kernel="$(ls /boot/vmlinuz-*-cloud-amd64 2>/dev/null | sort -V | tail -n 1 || true)"
if ! command -v qemu-system-x86_64 >/dev/null || [ -z "$kernel" ] || [ ! -x /bin/busybox ]; then
  say "guest not run: qemu-system-x86, linux-image-cloud-amd64 or busybox-static cannot be installed here"
  exit 0
fi
# The guest's systemd, dbus and logind are this machine's.
for program in /lib/systemd/systemd /lib/systemd/systemd-logind /usr/bin/dbus-daemon /usr/bin/systemd-run; do
  if [ ! -x "$program" ]; then say "guest not run: it needs systemd, logind and dbus here, and $program is missing"; exit 0; fi
done
kver="${kernel#/boot/vmlinuz-}"
modules="/lib/modules/$kver"
java_home="$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")"
command -v bwrap >/dev/null || (apt-get install -y -q bubblewrap >/dev/null 2>&1 || true)

work="$(mktemp -d /var/tmp/caissa-cgroup-v2.XXXXXX)"
trap 'rm -rf "$work"' EXIT
# The image holds a copy of /etc and the arena, and twice the room of /usr in the worst case
# (hard links where /var/tmp lies on the file system of /usr, a copy otherwise).
need_mb=$(( $(du -sm /usr | cut -f1) * 2 + 4096 ))
free_mb=$(df -Pm /var/tmp | awk 'NR == 2 { print $4 }')
if [ "$free_mb" -lt "$need_mb" ]; then
  say "guest not run: its disk image needs about $need_mb MiB in /var/tmp, which has $free_mb MiB free"
  exit 0
fi
start=$(date +%s)

# The test class path and the arena's jars, built on this machine (the guest has no network and
# Maven starts slowly there); the launcher builds the jars and their class-data archives when stale.
[ -d referee/target/test-classes ] || mvn -B -q -o -DskipTests -pl referee -am test-compile
./caissa --version >/dev/null
# Its jars from the dependency tree Maven resolves (dependency:build-classpath is not in the offline repository).
m2=~/.m2/repository
mvn -B -o -X -pl referee surefire:test -Dtest=NoSuchTest -Dsurefire.failIfNoSpecifiedTests=false 2>/dev/null \
  | awk '/^\[DEBUG\] caissa.arena:referee:jar/ { on = 1; next } on && !/^\[DEBUG\]    / { on = 0 } on { print $2 }' \
  | awk -F: -v m2="$m2" '{ g = $1; gsub(/\./, "/", g); print m2 "/" g "/" $2 "/" $4 "/" $2 "-" $4 ".jar" }' > "$work/deps.txt"
platform="$(sed -n 's#.*/junit-platform-engine-\(.*\)\.jar$#\1#p' "$work/deps.txt")"
echo "$m2/org/junit/platform/junit-platform-launcher/$platform/junit-platform-launcher-$platform.jar" >> "$work/deps.txt"

# The guest's root: this machine's /usr (hard links, without the big parts no test uses) and a copy of /etc.
root="$work/root"
mkdir -p "$root"/{proc,sys,dev,tmp,run,var/tmp,var/lib,var/log,var/cache,var/spool,root,ci/cp,home}
chmod 1777 "$root/tmp" "$root/var/tmp"
# Hard links where /var/tmp lies on the same file system as /usr (no copy); a copy otherwise.
cp -al /usr "$root/usr" 2>/dev/null || { rm -rf "$root/usr"; cp -a /usr "$root/usr"; }
rm -rf "$root/usr/lib/google-cloud-sdk" "$root/usr/local" "$root/usr/lib/llvm-"* "$root/usr/lib/postgresql" \
  "$root/usr/share/doc" "$root/usr/share/man" "$root/usr/share/locale" "$root/usr/include" "$root/usr/lib/modules" \
  "$root/usr/lib/chromium" "$root/usr/lib/gcc" "$root/usr/lib/node_modules"
for link in bin lib lib64 sbin; do ln -s "usr/$link" "$root/$link"; done
cp -a /etc "$root/etc"
# Two ordinary users: caissa-ci logs in and has a systemd manager, caissa-ci2 has none. Their
# entries replace any of the same name or number (CI's pass 2 makes a caissa-ci of its own here).
for file in passwd group shadow gshadow; do
  grep -vE '^caissa-ci2?:|^[^:]*:[^:]*:424[23]:' "$root/etc/$file" > "$work/$file" || true
  cat "$work/$file" > "$root/etc/$file"
done
for n in "" 2; do
  id=$((4242 + ${n:-0}))
  echo "caissa-ci$n:x:$id:$id:cgroup v2 CI user:/home/caissa-ci$n:/bin/bash" >> "$root/etc/passwd"
  echo "caissa-ci$n:x:$id:" >> "$root/etc/group"
  echo "caissa-ci$n:*:20000:0:99999:7:::" >> "$root/etc/shadow"
  echo "caissa-ci$n:*::" >> "$root/etc/gshadow"
  mkdir -p "$root/home/caissa-ci$n" && chown "$id:$id" "$root/home/caissa-ci$n"
done
# systemd's goal at boot, and what must not start there: the host's device manager, AppArmor,
# clock and other services whose work a short guest does not need (each costs seconds in emulation).
cp .ci/guest/caissa-ci.target .ci/guest/caissa-ci.service "$root/etc/systemd/system/"
for unit in systemd-udevd.service systemd-udev-trigger.service systemd-udev-settle.service apparmor.service \
    systemd-timesyncd.service systemd-pstore.service systemd-binfmt.service proc-sys-fs-binfmt_misc.automount \
    systemd-random-seed.service systemd-update-utmp.service systemd-journal-flush.service modprobe@drm.service \
    systemd-sysusers.service systemd-firstboot.service systemd-repart.service systemd-pcrphase-sysinit.service \
    systemd-pcrphase.service systemd-machine-id-commit.service; do
  ln -sfn /dev/null "$root/etc/systemd/system/$unit"
done
# The checkout lies in the guest at its host path, which may be under /tmp (a clone made with
# mktemp): Debian's tmpfiles.d/tmp.conf empties /tmp at boot ('D'); keep it ('d') instead.
mkdir -p "$root/etc/tmpfiles.d" && echo 'd /tmp 1777 root root -' > "$root/etc/tmpfiles.d/tmp.conf"
# The arena's classes and its test class path, readable by all (the user pass and the bots' user).
cp -a referee/target/classes "$root/ci/classes"
cp -a referee/target/test-classes "$root/ci/test-classes"
while read -r jar; do cp "$jar" "$root/ci/cp/"; done < "$work/deps.txt"
javac -d "$root/ci/runner" -cp "$(echo "$root"/ci/cp/*.jar | tr ' ' ':')" .ci/guest/RunTests.java
cp .ci/guest/guest.sh "$root/ci/guest.sh"
mkdir -p "$root/ci/referee" && cp -a referee/src "$root/ci/referee/src"
# What the launcher needs to run the built arena: its sources (to see that the jars are fresh) and
# jars, at the checkout's own path, where the class-data archives made beside the jars hold (a JVM
# ignores an archive made for another path and starts much more slowly in emulation).
guest_repo="$root$repo"
mkdir -p "$guest_repo/referee/target" "$guest_repo/sample-bots/target"
cp -a caissa pom.xml "$guest_repo/"
for module in referee sample-bots; do
  cp -a "$module/pom.xml" "$guest_repo/$module/" && mkdir -p "$guest_repo/$module/src" \
    && cp -a "$module/src/main" "$guest_repo/$module/src/main"
done
cp -a referee/target/caissa-arena.jar referee/target/caissa-arena.jsa "$guest_repo/referee/target/"
cp -a sample-bots/target/caissa-sample-bots.jar sample-bots/target/caissa-sample-bots.jsa "$guest_repo/sample-bots/target/"
chmod -R a+rX "$root/ci" "$guest_repo"
printf 'JAVA_HOME=%q\nREPO=%q\nCAISSA_CI_GUEST_BENCH=%q\n' "$java_home" "$repo" "${CAISSA_CI_GUEST_BENCH:-0}" > "$root/ci/env"

size_mb=$(( $(du -sm "$root" | cut -f1) + 1536 ))
mkfs.ext4 -q -F -L caissa-ci -d "$root" "$work/root.img" "${size_mb}M"
rm -rf "$root"

# The initramfs: busybox, the modules that the virtio disk and its file system need, and an init
# that mounts the image and hands over to systemd (which mounts /proc, /sys, /run and the cgroup
# tree itself). Which modules, and in which order, comes from this kernel's own modules.dep:
# a dependency is loaded before what needs it, and what the kernel has built in is not loaded,
# so that a newer kernel package, whose modules depend on one another differently, still boots.
initrd="$work/initrd"
mkdir -p "$initrd"/{bin,proc,sys,dev,newroot,modules}
cp /bin/busybox "$initrd/bin/busybox"
# Prints the module files (paths under $modules) for the named modules, dependencies first.
module_order() {
  awk -v wanted="$*" '
    function name(path) { sub(/.*\//, "", path); sub(/\.ko(\.(xz|zst|gz))?$/, "", path); gsub(/-/, "_", path); return path }
    FILENAME ~ /modules\.builtin$/ { builtin[name($1)] = 1; next }
    { file = $1; sub(/:$/, "", file); n = name(file); path[n] = file; deps[n] = ""
      for (i = 2; i <= NF; i++) deps[n] = deps[n] " " name($i) }
    function visit(n,   list, count, i) {
      if (n in seen) return
      seen[n] = 1
      if (n in builtin) return
      if (!(n in path)) { print "missing " n; failed = 1; return }
      count = split(deps[n], list, " ")
      for (i = 1; i <= count; i++) visit(list[i])
      print path[n]
    }
    END { count = split(wanted, list, " "); for (i = 1; i <= count; i++) visit(list[i]); exit failed }
  ' "$modules/modules.builtin" "$modules/modules.dep"
}
if ! order=$(module_order virtio_pci virtio_blk ext4); then
  say "FAILED: the guest cannot boot: $kver's modules.dep has no $(echo "$order" | sed -n 's/^missing //p' | tr '\n' ' ')"
  exit 1
fi
: > "$initrd/modules/order"
for file in $order; do
  base="$(basename "$file")"
  case "$base" in
    *.ko.xz) xz -dc "$modules/$file" > "$initrd/modules/${base%.xz}" ;;
    *.ko.zst) zstd -qdc "$modules/$file" > "$initrd/modules/${base%.zst}" ;;
    *.ko.gz) gzip -dc "$modules/$file" > "$initrd/modules/${base%.gz}" ;;
    *) cp "$modules/$file" "$initrd/modules/" ;;
  esac
  echo "${base%.ko*}.ko" >> "$initrd/modules/order"
done
# A boot that fails before systemd says why in one line ("caissa-guest: boot failed: ...", with
# the kernel's last words), which the host prints, then powers the guest off.
cat > "$initrd/init" <<'INIT'
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc && mount -t sysfs sys /sys && mount -t devtmpfs dev /dev
boot_failed() {
  echo "caissa-guest: boot failed: $1; the kernel's last words: $(dmesg | tail -n 3 | sed 's/^\[[ 0-9.]*\] //' | tr '\n' '|')"
  poweroff -f
}
for m in $(cat /modules/order); do
  error=$(insmod "/modules/$m" 2>&1) || boot_failed "module ${m%.ko} did not load ($error)"
done
for i in $(seq 1 50); do [ -b /dev/vda ] && break; sleep 0.2; done
[ -b /dev/vda ] || boot_failed "the disk /dev/vda did not appear"
error=$(mount -t ext4 /dev/vda /newroot 2>&1) || boot_failed "the disk /dev/vda did not mount ($error)"
umount /proc /sys
mount -o move /dev /newroot/dev
# switch_root, not chroot: the kernel refuses an ordinary user a user namespace (bubblewrap's)
# inside a chroot.
exec switch_root /newroot /lib/systemd/systemd
INIT
chmod +x "$initrd/init"
(cd "$initrd" && find . | cpio -o -H newc --quiet | gzip -1) > "$work/initrd.gz"

prepared=$(date +%s)
say "guest image ready in $((prepared - start)) s ($size_mb MiB); booting $kver in software emulation"
log="$work/console.log"
: > "$log"
# A boot that has not started the tests after boot_limit seconds is too slow to use here: the
# guest is stopped and CI says so in one line.
boot_limit=240
(for ((i = 0; i < boot_limit; i++)); do grep -q '^caissa-guest: started' "$log" && exit; sleep 1; done
  touch "$work/too-slow"; kill "$(cat "$work/qemu.pid")" 2>/dev/null) &
watcher=$!
set +e
timeout 900 qemu-system-x86_64 -accel tcg -cpu max -smp 2 -m 4096 -nographic -no-reboot -pidfile "$work/qemu.pid" \
  -kernel "$kernel" -initrd "$work/initrd.gz" \
  -append "console=ttyS0 quiet loglevel=3 cgroup_no_v1=all systemd.unified_cgroup_hierarchy=1 systemd.unit=caissa-ci.target panic=-1" \
  -drive "file=$work/root.img,format=raw,if=virtio" </dev/null 2>&1 | sed -u 's/\r$//' | tee "$log" \
  | grep --line-buffered -E '^\[(root|user)\]|^caissa-guest|^cgroup-v2|^Failures|^  JUnit|^    =>|Exception'
qemu_status=${PIPESTATUS[0]}
set -e
kill "$watcher" 2>/dev/null || true
end=$(date +%s)
# The console is kept where CI's output names it whenever the guest did not pass.
kept=/var/tmp/caissa-cgroup-v2-console.log
if [ -e "$work/too-slow" ]; then
  cp "$log" "$kept"
  say "guest not run: systemd did not start the tests within $boot_limit s of booting in emulation (too slow here; its console: $kept)"
  exit 0
fi
say "guest ran $((end - prepared)) s"
# A guest that never reached its tests failed to boot: one line with the init's or the kernel's reason.
if ! grep -q '^caissa-guest: started' "$log"; then
  cp "$log" "$kept"
  reason=$(grep -m 1 -o 'caissa-guest: boot failed: .*' "$log" | sed 's/^caissa-guest: boot failed: //' \
    || grep -m 1 -oE '(Kernel panic|BUG:|Oops).*' "$log" || true)
  say "FAILED: the guest did not boot: ${reason:-no reason on its console (exit $qemu_status)}; its console: $kept"
  exit 1
fi
if [ "$qemu_status" = 124 ]; then
  cp "$log" "$kept"
  say "FAILED: the guest did not finish within 900 s; its console: $kept"
  exit 1
fi
if ! grep -q '^caissa-guest: exit 0$' "$log"; then
  cp "$log" "$kept"
  say "FAILED (see the lines above; the guest's last lines follow; its console: $kept)"
  tail -n 40 "$log"
  exit 1
fi
grep -E '^\[(root|user)\] tests:' "$log" | sed 's/^/cgroup-v2: /'
