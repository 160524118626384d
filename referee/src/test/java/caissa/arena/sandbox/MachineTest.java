package caissa.arena.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * What a command learned of the machine and opened there is one object it opens and closes: a
 * command run inside another shares it, and the last close gives back its threads.
 */
class MachineTest {

    /** Given back when closed, like the command's. */
    private static final class Closes implements AutoCloseable {
        final AtomicBoolean closed = new AtomicBoolean();

        @Override
        public void close() {
            closed.set(true);
        }
    }

    @Test
    void aCommandRunInsideAnotherSharesItsMachineUntilTheOuterCloses() throws Exception {
        Closes kept;
        ExecutorService pipes;
        try (Machine outer = Machine.open()) {
            kept = outer.keep(Closes.class, Closes::new);
            pipes = outer.pipeThreads();
            try (Machine inner = Machine.open()) {
                assertThat(inner).isSameAs(outer).isSameAs(Machine.current());
                assertThat(inner.keep(Closes.class, Closes::new)).isSameAs(kept);
            }
            assertThat(outer.closed()).isFalse();
            assertThat(kept.closed).isFalse();
            assertThat(pipes.isShutdown()).isFalse();
            Future<?> ran = pipes.submit(() -> {});
            ran.get();
            assertThat(Machine.current()).isSameAs(outer);
        }
        assertThat(kept.closed).isTrue();
        assertThat(pipes.isShutdown()).isTrue();
        // A command after it (or code outside any) gets a machine of its own, not the closed one.
        Machine after = Machine.current();
        assertThat(after.closed()).isFalse();
        assertThat(after.pipeThreads()).isNotSameAs(pipes);
    }

    @Test
    void itsThreadsAreDaemonsSoACommandThatForgetsToCloseDoesNotHoldTheJvm() throws Exception {
        try (Machine machine = Machine.open()) {
            assertThat(machine.pipeThreads()
                            .submit(() -> Thread.currentThread().isDaemon())
                            .get())
                    .isTrue();
            assertThat(machine.limitTimer()
                            .submit(() -> Thread.currentThread().isDaemon())
                            .get())
                    .isTrue();
        }
    }

    @Test
    void theMachineIsLookedAtOncePerCommand() {
        try (Machine machine = Machine.open()) {
            assertThat(machine.facts()).isSameAs(machine.facts());
            assertThat(machine.parts(SandboxMode.NONE)).isEqualTo(machine.parts(SandboxMode.NONE));
        }
    }
}
