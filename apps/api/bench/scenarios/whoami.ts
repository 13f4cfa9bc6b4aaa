import type { BenchScenario } from "../scenario";

/** GET user.whoami with a fresh guest's token: token check + one session/user read per request. */
export const whoamiScenario: BenchScenario = {
  name: "user.whoami",
  async prepare(api) {
    const res = await fetch(`${api.url}/api/v1/user-guest.sign-up`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ device_id: `bench-device-${Date.now()}` }),
    });
    const body = (await res.json()) as { data: { auth: { access_token: string } } };
    return { method: "GET", path: "/api/v1/user.whoami", headers: { authorization: `Bearer ${body.data.auth.access_token}` } };
  },
};
