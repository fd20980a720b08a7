/** `settings get/put` namespaces with the values automation clients read. */
export type SettingsNamespace = 'global' | 'secure' | 'system';

export class SettingsStore {
  private readonly values: Record<SettingsNamespace, Map<string, string>> = {
    global: new Map([
      ['adb_enabled', '1'],
      ['development_settings_enabled', '1'],
      ['window_animation_scale', '1.0'],
      ['transition_animation_scale', '1.0'],
      ['animator_duration_scale', '1.0'],
      ['stay_on_while_plugged_in', '0'],
    ]),
    secure: new Map([['accessibility_enabled', '0']]),
    system: new Map([
      ['screen_off_timeout', '600000'],
      ['accelerometer_rotation', '0'],
      ['user_rotation', '0'],
    ]),
  };

  get(namespace: SettingsNamespace, key: string): string | undefined {
    return this.values[namespace].get(key);
  }

  put(namespace: SettingsNamespace, key: string, value: string): void {
    this.values[namespace].set(key, value);
  }

  delete(namespace: SettingsNamespace, key: string): boolean {
    return this.values[namespace].delete(key);
  }

  list(namespace: SettingsNamespace): Array<[string, string]> {
    return [...this.values[namespace]];
  }
}
