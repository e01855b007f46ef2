/** The demo facilities of docs/channel.md: the demo data's sync settings point at them. */
export interface HotelCredentials {
  hotelId: string;
  loginId: string;
  password: string;
  name: string;
}

export const demoHotels: readonly HotelCredentials[] = [
  { hotelId: '100120', loginId: 'sakura-so', password: 'channel-pass-1234', name: '温泉旅館 さくら荘' },
  { hotelId: '100121', loginId: 'mizuumi', password: 'channel-pass-2345', name: '湖畔の宿 みずうみ' },
  { hotelId: '100122', loginId: 'machiya-kyo', password: 'channel-pass-3456', name: '町家ゲストハウス 京' },
];
