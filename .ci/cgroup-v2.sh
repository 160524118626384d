#!/usr/bin/env bash
# CI: the cgroup v2 tests, in a Debian guest booted with cgroup v2 only (cgroup_no_v1=all) and
# every controller, since this machine's own hierarchy is v1 and must stay so. The guest runs in
# software emulation (no KVM here) from a busybox initramfs; its root file system is an ext4
# image of this machine's /usr and /etc with the built arena and its test class path. The tests
# run as root, then as an ordinary user in a subtree delegated as systemd delegates one.
# Where the guest cannot run, says so in one line and succeeds; fails when a test fails.
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
kver="${kernel#/boot/vmlinuz-}"
modules="/lib/modules/$kver"
java_home="$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")"
command -v bwrap >/dev/null || (apt-get install -y -q bubblewrap >/dev/null 2>&1 || true)

work="$(mktemp -d /var/tmp/caissa-cgroup-v2.XXXXXX)"
trap 'rm -rf "$work"' EXIT
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
mkdir -p "$root"/{proc,sys,dev,tmp,run,var/tmp,root,ci/cp,home}
chmod 1777 "$root/tmp" "$root/var/tmp"
# Hard links where /var/tmp lies on the same file system as /usr (no copy); a copy otherwise.
cp -al /usr "$root/usr" 2>/dev/null || { rm -rf "$root/usr"; cp -a /usr "$root/usr"; }
rm -rf "$root/usr/lib/google-cloud-sdk" "$root/usr/local" "$root/usr/lib/llvm-"* "$root/usr/lib/postgresql" \
  "$root/usr/share/doc" "$root/usr/share/man" "$root/usr/share/locale" "$root/usr/include" "$root/usr/lib/modules" \
  "$root/usr/lib/chromium" "$root/usr/lib/gcc" "$root/usr/lib/node_modules"
for link in bin lib lib64 sbin; do ln -s "usr/$link" "$root/$link"; done
cp -a /etc "$root/etc"
echo 'caissa-ci:x:4242:4242:cgroup v2 CI user:/home/caissa-ci:/bin/bash' >> "$root/etc/passwd"
echo 'caissa-ci:x:4242:' >> "$root/etc/group"
mkdir -p "$root/home/caissa-ci" && chown 4242:4242 "$root/home/caissa-ci"
# The arena's classes and its test class path, readable by all (the user pass and the bots' user).
cp -a referee/target/classes "$root/ci/classes"
cp -a referee/target/test-classes "$root/ci/test-classes"
while read -r jar; do cp "$jar" "$root/ci/cp/"; done < "$work/deps.txt"
javac -d "$root/ci/runner" -cp "$(echo "$root"/ci/cp/*.jar | tr ' ' ':')" .ci/guest/RunTests.java
cp .ci/guest/guest.sh "$root/ci/guest.sh"
cat > "$root/ci/init.sh" <<'INIT'
#!/bin/bash
# The guest's first process: the tests, their status on the console, then power off.
bash /ci/guest.sh
echo "caissa-guest: exit $?"
sync
echo o > /proc/sysrq-trigger
sleep 60
INIT
mkdir -p "$root/ci/stub" && cp .ci/guest/systemd-run "$root/ci/stub/"
mkdir -p "$root/ci/referee" && cp -a referee/src "$root/ci/referee/src"
# What the launcher needs to run the built arena: its sources (to see that the jars are fresh) and jars.
mkdir -p "$root/ci/repo/referee/target" "$root/ci/repo/sample-bots/target"
cp -a caissa pom.xml "$root/ci/repo/"
for module in referee sample-bots; do
  cp -a "$module/pom.xml" "$root/ci/repo/$module/" && mkdir -p "$root/ci/repo/$module/src" \
    && cp -a "$module/src/main" "$root/ci/repo/$module/src/main"
done
cp -a referee/target/caissa-arena.jar referee/target/caissa-arena.jsa "$root/ci/repo/referee/target/"
cp -a sample-bots/target/caissa-sample-bots.jar sample-bots/target/caissa-sample-bots.jsa "$root/ci/repo/sample-bots/target/"
chmod -R a+rX "$root/ci"
echo "JAVA_HOME=$java_home" > "$root/ci/env"

size_mb=$(( $(du -sm "$root" | cut -f1) + 1536 ))
mkfs.ext4 -q -F -L caissa-ci -d "$root" "$work/root.img" "${size_mb}M"
rm -rf "$root"

# The initramfs: busybox, the virtio disk's modules, and an init that starts the guest script.
initrd="$work/initrd"
mkdir -p "$initrd"/{bin,proc,sys,dev,newroot,modules}
cp /bin/busybox "$initrd/bin/busybox"
for m in kernel/drivers/virtio/virtio.ko kernel/drivers/virtio/virtio_ring.ko kernel/drivers/virtio/virtio_pci_legacy_dev.ko \
    kernel/drivers/virtio/virtio_pci_modern_dev.ko kernel/drivers/virtio/virtio_pci.ko kernel/drivers/block/virtio_blk.ko; do
  cp "$modules/$m" "$initrd/modules/"
done
cat > "$initrd/init" <<'INIT'
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc && mount -t sysfs sys /sys && mount -t devtmpfs dev /dev
for m in virtio virtio_ring virtio_pci_legacy_dev virtio_pci_modern_dev virtio_pci virtio_blk; do insmod /modules/$m.ko; done
for i in 1 2 3 4 5 6 7 8 9 10; do [ -b /dev/vda ] && break; sleep 0.2; done
mount -t ext4 /dev/vda /newroot
mount -t proc proc /newroot/proc && mount -t sysfs sys /newroot/sys && mount -t devtmpfs dev /newroot/dev
mount -t cgroup2 cgroup2 /newroot/sys/fs/cgroup
mkdir -p /newroot/dev/pts /newroot/dev/shm && mount -t devpts devpts /newroot/dev/pts && mount -t tmpfs tmpfs /newroot/dev/shm
mount -t tmpfs tmpfs /newroot/run
# switch_root, not chroot: the kernel refuses an ordinary user a user namespace (bubblewrap's)
# inside a chroot.
exec switch_root /newroot /bin/bash /ci/init.sh
INIT
chmod +x "$initrd/init"
(cd "$initrd" && find . | cpio -o -H newc --quiet | gzip -1) > "$work/initrd.gz"

prepared=$(date +%s)
say "guest image ready in $((prepared - start)) s ($size_mb MiB); booting $kver in software emulation"
log="$work/console.log"
set +e
timeout 600 qemu-system-x86_64 -accel tcg -cpu max -smp 2 -m 4096 -nographic -no-reboot \
  -kernel "$kernel" -initrd "$work/initrd.gz" \
  -append "console=ttyS0 quiet loglevel=3 cgroup_no_v1=all systemd.unified_cgroup_hierarchy=1 panic=-1" \
  -drive "file=$work/root.img,format=raw,if=virtio" </dev/null 2>&1 | sed -u 's/\r$//' | tee "$log" \
  | grep --line-buffered -E '^\[(root|user)\]|^caissa-guest|^cgroup-v2|^Failures|^  JUnit|^    =>|Exception'
qemu_status=${PIPESTATUS[0]}
set -e
end=$(date +%s)
say "guest ran $((end - prepared)) s"
if [ "$qemu_status" = 124 ]; then
  say "FAILED: the guest did not finish within 600 s"
  exit 1
fi
if ! grep -q '^caissa-guest: exit 0$' "$log"; then
  say "FAILED (see the lines above; the guest's last lines follow)"
  tail -n 40 "$log"
  exit 1
fi
grep -E '^\[(root|user)\] tests:' "$log" | sed 's/^/cgroup-v2: /'
