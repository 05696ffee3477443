// Sign-in, registration and password reset: the visitor screens' requests, kept out of the
// session's module (features/auth/api.ts), which every screen loads with the app.
import { mutationOptions, useMutation } from "@tanstack/react-query";
import type { User } from "../../../core/schemas/auth";
import type { SecondFactorInput, TwoFactorChallenge } from "../../../core/schemas/two-factor";
import { canonicalTimeZone } from "../../../core/time-zones";
import { apiRequest } from "../../lib/api-client";
import { getDeviceFingerprint } from "../../lib/device-fingerprint";
import { deviceTimeZone } from "../../lib/local-datetime";

export interface LoginBody {
  username: string;
  password: string;
}

/** A member with two-factor on gets no session from the password: the code comes next. */
export function login(body: LoginBody): Promise<User | TwoFactorChallenge> {
  return apiRequest<User | TwoFactorChallenge>("/api/auth/login", {
    method: "POST",
    body: { ...body, deviceFingerprint: getDeviceFingerprint() },
  });
}

export const needsSecondFactor = (answer: User | TwoFactorChallenge): answer is TwoFactorChallenge =>
  "twoFactorRequired" in answer && answer.twoFactorRequired === true;

/** Sign-in, second step: the code (or a recovery code) for the sign-in the password started here. */
export function loginWithSecondFactor(body: SecondFactorInput): Promise<User> {
  return apiRequest<User>("/api/auth/login/two-factor", { method: "POST", body });
}

export interface RegisterBody {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export function register(body: RegisterBody): Promise<User> {
  return apiRequest<User>("/api/auth/register", {
    method: "POST",
    // The device's zone when the app offers it (the server accepts only those); else the server's UTC.
    body: { ...body, timeZone: canonicalTimeZone(deviceTimeZone()) ?? undefined },
  });
}

export function forgotPassword(body: { email: string }): Promise<{ message: string }> {
  return apiRequest("/api/auth/forgot-password", { method: "POST", body });
}

export function resetPassword(body: { token: string; password: string }): Promise<{ message: string }> {
  return apiRequest("/api/auth/reset-password", { method: "POST", body });
}

export function verifyEmail(body: { token: string }): Promise<{ message: string }> {
  return apiRequest("/api/auth/verify-email", { method: "POST", body });
}

/*
 * retry: 0 (the client's default is one mutation retry, specification 1 section 9): a repeated
 * register or login whose first answer was lost would fail ("Username already taken") after the
 * first one succeeded, and a reset token is single-use; forgot password would send two emails.
 */
export const loginMutationOptions = mutationOptions({ mutationKey: ["login"], mutationFn: login, retry: 0 });

export const registerMutationOptions = mutationOptions({
  mutationKey: ["register"],
  mutationFn: register,
  retry: 0,
});

export const forgotPasswordMutationOptions = mutationOptions({
  mutationKey: ["forgot-password"],
  mutationFn: forgotPassword,
  retry: 0,
});

export const resetPasswordMutationOptions = mutationOptions({
  mutationKey: ["reset-password"],
  mutationFn: resetPassword,
  retry: 0,
});

export const verifyEmailMutationOptions = mutationOptions({
  mutationKey: ["verify-email"],
  mutationFn: verifyEmail,
  retry: 0,
});

export function useVerifyEmailMutation() {
  return useMutation(verifyEmailMutationOptions);
}

export function useLoginMutation() {
  return useMutation(loginMutationOptions);
}

/* Not retried: a code is spent by its first use; a retry would be refused as reused. */
export function useSecondFactorLogin() {
  return useMutation({ mutationKey: ["login-two-factor"], mutationFn: loginWithSecondFactor, retry: 0 });
}

export function useRegisterMutation() {
  return useMutation(registerMutationOptions);
}

export function useForgotPasswordMutation() {
  return useMutation(forgotPasswordMutationOptions);
}

export function useResetPasswordMutation() {
  return useMutation(resetPasswordMutationOptions);
}
