import { DashboardPage } from './home/DashboardPage';

/** /m/: the home dashboard (spec section 2 "Home dashboard"). */
export function HomePage() {
  return <DashboardPage />;
}

export default HomePage;
