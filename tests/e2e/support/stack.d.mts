export declare const apiPort: number;
export declare const productPort: number;
export declare const playshotPort: number;
export declare const adminPort: number;
export declare const trackingPort: number;
export declare const parentPort: number;
export declare const modelPeerPort: number;
export declare const seededAdminEmail: string;
export declare const apiUrl: string;
export declare const siteBuildEnv: {
  NEXT_PUBLIC_API_URL: string;
  NEXT_DIST_DIR: string;
  NEXT_TELEMETRY_DISABLED: string;
  PARENT_ORIGINS: string;
  NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: string;
};
