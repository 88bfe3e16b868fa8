export declare const RUN_TAG: string;
export declare const FILE_TAG: string;
export declare function processTag(pid: number): string | undefined;
export declare function tagThisProcess(): void;
