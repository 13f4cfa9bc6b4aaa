import { describe, expect, it } from "vitest";
import { addressBucket } from "../src/clientAddress";

describe("addressBucket", () => {
  it("counts an IPv4 address as itself, also when written IPv4-mapped", () => {
    expect(addressBucket("203.0.113.7")).toBe("203.0.113.7");
    expect(addressBucket("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });
  it("counts every IPv6 address of one /64 in one bucket, and other /64s apart", () => {
    const a = addressBucket("2001:db8:1:2:aaaa::1");
    expect(a).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe(a);
    expect(addressBucket("2001:db8:1:3::1")).not.toBe(a);
  });
  it("keeps an unparsable address as its own bucket", () => {
    expect(addressBucket(" Not-An-IP ")).toBe("not-an-ip");
    expect(addressBucket("")).toBe("unknown");
  });
});
