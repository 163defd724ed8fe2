/**
 * The commands: each parses and checks its options (picocli), turns them into a job's request and runs that job. Shared
 * option mixins and checks live here too. No job logic. May import every jobs package and the core's registry and
 * contracts; nothing imports it but Main.
 */
package io.puzzleatlas.jobs.cli;
