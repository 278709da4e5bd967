import { Column, Entity, Index, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Login } from './login.entity';

/** A person of the staff; how they sign in is their Login. */
@Entity('user')
export class User {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Index()
  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @OneToMany('Login', (login: Login) => login.user)
  logins?: Login[];
}
