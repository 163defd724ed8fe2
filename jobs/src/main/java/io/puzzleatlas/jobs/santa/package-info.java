/**
 * The {@code santa} job: Kaggle's Santa 2023 data answered by the core ({@code io.puzzleatlas.core.santa}), written as
 * {@code submission.csv} and a {@code results} dataset. No puzzle logic lives here. May import the core, jobs and
 * jobs.io.
 */
package io.puzzleatlas.jobs.santa;
