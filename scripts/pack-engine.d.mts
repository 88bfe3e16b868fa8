/** The entries of CHANGELOG.md's "## Unreleased" section (its `- ` lines). */
export declare function unreleasedEntries(changelog: string): string[];
/** The tarball's version: `version` for a release, a pre-release of the next minor one when changes are unreleased. */
export declare function tarballVersion(version: string, changelog: string): string;
